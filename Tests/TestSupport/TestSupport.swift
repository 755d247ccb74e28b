// Shared helpers for Flipbook's tests.

// Layers module: see README.md for its contents.

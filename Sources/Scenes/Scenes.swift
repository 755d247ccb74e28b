// Scenes module: see README.md for its contents.

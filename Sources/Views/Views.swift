// Views module: see README.md for its contents.

// RasterIO module: see README.md for its contents.

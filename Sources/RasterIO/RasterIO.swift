// RasterIO — the module's table of contents.
//
// Files and system libraries in and out of Raster's bitmaps: images and fonts through SDL2's
// companions; nothing else in Flipbook opens an image or a font file. The animated formats
// Flipbook writes (APNG, GIF, WebP) are Render's.
//
//   PNG.swift           PNG reading (SDL2_image) into premultiplied bitmaps and writing back
//   FontLibrary.swift   the bundled DejaVu faces and registered font files through SDL_ttf: measuring
//                       and rasterising one line of text, cached per face and pixel size, behind a
//                       lock (FreeType is not thread-safe); never the system's fonts
//   ProgramName.swift   the running program's name, which starts Flipbook's one-line messages
//   Files.swift         writes and appends with every call checked (short writes, fsync, close);
//                       reads; `CheckedFile`, its old name, which PNG.swift still uses
//   Files+Names.swift   file names as bytes (not necessarily UTF-8): messages, arguments,
//                       existence, real paths, folders

// RasterIO — the module's table of contents.
//
// Files and system libraries in and out of Raster's bitmaps: images and fonts through SDL2's
// companions, the animated formats Flipbook writes itself; nothing else in Flipbook opens an image
// or a font file.
//
//   PNG.swift           PNG reading (SDL2_image) into premultiplied bitmaps and writing back
//   FontLibrary.swift   the bundled DejaVu faces and registered font files through SDL_ttf: measuring
//                       and rasterising one line of text, cached per face and pixel size, behind a
//                       lock (FreeType is not thread-safe); never the system's fonts
//   FontLibrary+TextBlock.swift  a text block (Raster's TextBlock: what a text layer records) laid
//                       out in lines, wrapped and aligned, and rasterized: the display step's text service
//   CheckedFile.swift   writes and appends with every call checked (short writes, fsync, close)
//   APNG.swift          APNG and PNG chunks written by Flipbook over zlib (recordings)
//   GIF.swift           GIF frames: median-cut palettes, LZW
//   WebPAnimation.swift animated WebP through libwebp, opened at run time (CWebP)

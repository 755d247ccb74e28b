// RasterIO — the module's table of contents.
//
// Files and system libraries in and out of Raster's bitmaps: images and fonts without SDL (zlib,
// FreeType, HarfBuzz, libjpeg-turbo), the animated formats Flipbook writes itself; nothing else in
// Flipbook opens an image or a font file.
//
//   PNG.swift           reading PNG and JPEG files into premultiplied bitmaps and writing PNG; CRC-32
//   PNG+Decode.swift    PNG decoding over zlib: every colour type and depth, Adam7, palettes, tRNS
//   PNG+Encode.swift    PNG encoding over zlib: RGBA8 with adaptive filters (CCodecs), any format from samples
//   JPEG.swift          JPEG decoding through libjpeg-turbo (CCodecs: an error handler that returns)
//   FontLibrary.swift   the bundled DejaVu faces and registered font files: measuring and rasterising
//                       one line of text, cached per face and pixel size, behind a lock (FreeType is
//                       not thread-safe); never the system's fonts
//   SizedFont.swift     one face at one size: HarfBuzz shaping and FreeType glyphs laid out as
//                       SDL_ttf 2.20.1 laid them out, so the same bytes
//   FontLibrary+TextBlock.swift  a text block (Raster's TextBlock: what a text layer records) laid
//                       out in lines, wrapped, truncated and aligned, and rasterized: the display step's text service
//   CheckedFile.swift   writes and appends with every call checked (short writes, fsync, close)
//   APNG.swift          APNG and PNG chunks written by Flipbook over zlib (recordings)
//   GIF.swift           GIF frames: median-cut palettes, LZW
//   WebPAnimation.swift animated WebP through libwebp, opened at run time (CWebP)

// RasterIO — the module's table of contents.
//
// Files and system libraries in and out of Raster's bitmaps: images and fonts without SDL (zlib,
// FreeType, HarfBuzz, libjpeg-turbo) and `Files`, every file Flipbook reads or writes; nothing else
// in Flipbook opens an image or a font file. The animated formats Flipbook writes (APNG, GIF, WebP)
// are Render's.
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
//   Files.swift         writes and appends with every call checked (short writes, fsync, close);
//                       reads
//   Files+Names.swift   file names as bytes (not necessarily UTF-8): messages, arguments,
//                       existence, real paths, folders

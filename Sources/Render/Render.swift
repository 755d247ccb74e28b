// Render — the module's table of contents.
//
// Headless renders and the files they write, and SDL's session, which renders and the window
// share: a render runs SDL's dummy driver so that a script's input arrives as real SDL events,
// translated into HostEvents as in the window. Frames are made by FrameLoop's driver; the tools
// drawn over them and the playground stage come from DevTools. The window (Window) builds on this.
//
// SDL/ — SDL's session and input
//   SDLSession.swift              SDL started for a window or headless (dummy driver); one per process
//   SDLSession+Input.swift        SDL events → HostEvents (keycodes through FrameLoop's KeyNames);
//                                 the game controllers it opens and closes
//   ScriptPlayer.swift            a script played as real SDL events (mouse, keys, a virtual pad)
//   RumblePlayer.swift            haptic feedback (UIImpactFeedbackGenerator…) as rumbles of the open controllers
//   X11Errors.swift               Xlib's error handlers, installed with the session: a window closed
//                                 from outside ends cleanly
//
// Headless/ — renders without a display
//   HeadlessDriver.swift          a render frame by frame on a manual clock; only kept frames drawn
//                                 (every frame with --draw-all)
//   RenderOptions.swift           what a render produces, checked once
//   RenderOptions+CommandLine.swift  render's arguments into options
//   RenderProgress.swift          the progress bar on a terminal
//   RenderShard.swift             --shard I/N and the part's manifest
//   ShardAssembly.swift           assemble: parts checked and joined into one render's files
//
// Input/
//   InputScript+File.swift        a script file read and parsed (the format is FrameLoop's InputScript)
//
// Output/ — files, never overwriting or deleting what a run did not create (through RasterIO's Files:
// names byte for byte, every write checked)
//   OutputPaths.swift             --out, --sheet, --trace and recordings resolved and checked; staging names
//   RenderOutput.swift            staging, the lock, commit and clean-up of a render's files
//   OutputReplacement.swift       render --replace: a folder Flipbook made (its marker) replaced whole
//   RenderSignals.swift           SIGINT/SIGTERM/SIGHUP: the staged files go, exit 128 + signal
//   PNGSequenceSink.swift         kept frames as frame-NNNNN.png
//   ContactSheet.swift            the sheet: thumbnails with their times
//   ContactSheetSink.swift        thumbnails of the kept frames for the sheet
//   TraceWriter.swift             --trace: one JSON line per frame of named layers' values, and the
//                                 animations that started or went in it
//   TraceSink.swift               the trace streamed as frames are made
//   TracedAnimation.swift         an animation as the trace records it: media times, the curve's name
//
// Report/ — `flipbook report` and `render --report`: a render's folder as one HTML page (HTMLReport)
//   RenderReport.swift            frames and trace found and checked; report.html written by the rule
//                                 (new, or over an unedited page Flipbook wrote); the folder's marker
//   RenderReport+Plots.swift      the trace as plots: a line per changing component, animations marked
//   Trace.swift                   a trace file read back, line by line
//   TraceJSON.swift               the JSON parser it uses (objects in order, errors with a column)
//
// Recording/ — animated files (renders, and the window's R)
//   Recording.swift               --apng, --gif, --webp, --mp4: formats and the writer protocol
//   RecordingSink.swift           kept frames with their times to a writer
//   APNG.swift                    APNG and PNG chunks written by Flipbook over zlib
//   APNGWriter.swift              APNG streamed (frames compressed as they come)
//   GIF.swift                     GIF frames: median-cut palettes, LZW
//   WebPAnimation.swift           animated WebP through libwebp, opened at run time (CWebP)
//   MP4Writer.swift               MP4 through an ffmpeg process

// Host — the module's table of contents.
//
// What runs frames for a person: the SDL window, the headless renderer and its files, input
// scripts, and the developer tools drawn over frames (HUD, inspector, time travel). Frames
// themselves are made by FrameLoop's driver; Host feeds it SDL's events (translated into
// HostEvents) and takes its frames to the screen or to files.
//
// Window/ — SDL and the window
//   SDLSession.swift              SDL started for a window or headless (dummy driver); one per process
//   SDLSession+Input.swift        SDL events → HostEvents; the game controllers it opens and closes
//   WindowHost.swift              the window's loop: wait for events or the next deadline, route, frame,
//                                 present; pacing and the CPU line
//   WindowPresenter.swift         damage pushed through the window surface or a streaming texture
//   WindowRecorder.swift          R: the window recorded into an APNG, GIF or WebP
//   X11Errors.swift               Xlib's error handlers: a window closed from outside ends cleanly
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
// Input/ — scripts
//   InputScript.swift             the script format: one timed event per line
//   InputScript+Recording.swift   frame-timed scripts (a window's recording) and the actions a
//                                 routed event is recorded as
//   KeyNames.swift                script key names and SDL keycodes
//   ScriptPlayer.swift            a script played as real SDL events (mouse, keys, a virtual pad)
//
// Output/ — files, never overwriting or deleting what a run did not create
//   OutputPaths.swift             --out, --sheet, --trace and recordings resolved and checked; staging names
//   FileName.swift                file names as bytes; existence, reading, real paths
//   RenderOutput.swift            staging, the lock, commit and clean-up of a render's files
//   RenderSignals.swift           SIGINT/SIGTERM/SIGHUP: the staged files go, exit 128 + signal
//   PNGSequenceSink.swift         kept frames as frame-NNNNN.png
//   ContactSheet.swift            the sheet: thumbnails with their times
//   ContactSheetSink.swift        thumbnails of the kept frames for the sheet
//   TraceWriter.swift             --trace: one JSON line per frame of named layers' values
//   TraceSink.swift               the trace streamed as frames are made
//   RecordingFile.swift           run --record-input's file, written whole when the window closes
//   Recording/Recording.swift     --apng, --gif, --webp, --mp4: formats and the writer protocol
//   Recording/RecordingSink.swift kept frames with their times to a writer
//   Recording/APNGWriter.swift    APNG streamed (frames compressed as they come)
//   Recording/MP4Writer.swift     MP4 through an ffmpeg process
//
// Playground/ — what the window and renders show
//   Playground.swift              the scene menu or one scene, and navigation between them
//   MenuScene.swift               the menu of scenes
//
// Tools/ — drawn over frames, never part of the scene's tree
//   FrameDriver+Tools.swift       installs the HUD and the inspector on a driver
//   HUDOverlay.swift              the HUD: phase times, frame rate, clock controls
//   HUDOverlay+Drawing.swift      the HUD's drawing
//   HUDLayout.swift               where the HUD's parts are
//   FrameTimeHistory.swift        the last frames' phase times for the graph
//   InspectorOverlay.swift        the layer inspector: pick, select, model vs presentation
//   InspectorOverlay+Panel.swift  its panel's rows
//   InspectorOverlay+Animations.swift  the selected layer's running animations and their curves
//   InspectorLayout.swift         where the inspector's panel and sections are
//   LayerPicker.swift             the layer drawn at a point; a layer's outline on screen
//   OverlayPainter.swift          pixel-aligned drawing straight into a finished frame
//
// Travel/ — time travel and input recording
//   TimeMachine.swift             scrubbing recorded frames, resuming from an earlier one
//   TimeMachine+Previews.swift    quarter-size previews while a scrub moves
//   SessionLog.swift              every frame's time, input and script actions
//   Replay.swift                  a fresh playground run through recorded frames
//   TravelStage.swift             the window's stage under time travel
//   TimelineOverlay.swift         the time-travel strip

// Window — the module's table of contents.
//
// The playground in an SDL window: the loop that waits for events or the next deadline, routes
// them, makes a frame with FrameLoop's driver and presents its damage; and its two recordings,
// of its frames (R) and of its input (--record-input). SDL's session (with its X11 error
// handling), the script player, the animated formats and the file rules come from Render, the
// tools over frames and time travel from DevTools.
//
//   WindowHost.swift              the window's loop: wait for events or the next deadline, route, frame,
//                                 present; pacing and the CPU line
//   WindowPresenter.swift         damage pushed through the window surface or a streaming texture; which
//                                 one (a probe for a hardware renderer)
//   WindowRecorder.swift          R: the window recorded into an APNG, GIF or WebP
//   RecordingPipeline.swift       R's frames encoded off the window's thread (APNG on several at once),
//                                 a bounded number waiting
//   RecordingFile.swift           run --record-input's file, written whole when the window closes, with
//                                 a render's file rules (Render's OutputPaths)

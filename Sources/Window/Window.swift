// Window — the module's table of contents.
//
// The playground in an SDL window: the loop that waits for events or the next deadline, routes
// them, makes a frame with FrameLoop's driver and presents its damage; and the R recorder. SDL's
// session (with its X11 error handling), the script player and the animated formats come from
// Render, the tools over frames and time travel from DevTools.
//
//   WindowHost.swift              the window's loop: wait for events or the next deadline, route, frame,
//                                 present; pacing and the CPU line
//   WindowPresenter.swift         damage pushed through the window surface or a streaming texture
//   WindowRecorder.swift          R: the window recorded into an APNG, GIF or WebP

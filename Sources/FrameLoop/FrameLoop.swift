// FrameLoop — the module's table of contents.
//
// The frame's phases and the one driver that runs them, below SDL: the window and the headless
// renderer (Window, Render), the test kit (FlipbookTesting), the benchmarks and the fuzzer all make frames
// here, so no phase sequence is written out anywhere else. It takes Flipbook's own form of a
// host's events (HostEvent), never SDL's; Render's SDLSession translates SDL events into them.
// Time is passed in: a frame's time is read once from the media clock (or given, `runFrame(at:)`)
// and handed to every phase.
//
// The frame
//   FramePhase.swift         the phases in order: input, timers, displayLink, layout, commit, animate,
//                            render, present
//   FrameDriver.swift        the one driver: routes host events, runs the phases at one media time
//                            inside the stage's engine, draws the overlays, hands the frame to sinks
//   Stage.swift              what the driver runs (a tree, its engine, its input), HostRequest
//   LayerTreeStage.swift     a bare layer tree as a stage (fuzzer, benchmarks, engine tests)
//   FrameSink.swift          FinishedFrame, FrameSink, FrameOverlay (and DockedSpace, the room a
//                            docked one takes beside the stage), FrameTiming, and the recording
//                            and interposer hooks time travel plugs in
//   MainQueue.swift          the main queue and run loop served in the timers phase, and lent to an
//                            engine off the main thread (SceneTester)
//   RenderThreads.swift      how many threads composite a frame (--threads, FLIPBOOK_THREADS, cores)
//
// Time
//   MediaClock.swift         TimeSource, the window's monotonic source, ManualSource (n / fps), and the
//                            media clock: pause, single step, time scale
//
// Input
//   HostEvent.swift          a host's input and window events in Flipbook's terms
//   InputRouter.swift        host events → InputEvents and clock requests; the controller's pointer
//   InteractiveOverlay.swift an overlay offered input before the stage (the HUD, the inspector)
//   InputScript.swift        the input script format: one timed event per line (the test kit plays
//                            it; Render's ScriptPlayer plays it as SDL events)
//   InputScript+Recording.swift  frame-timed scripts (a window's recording) and the actions a routed
//                            event is recorded as
//   ScheduledInput.swift     a script's events waiting for their frames, played straight into a
//                            driver (SceneTester, the menu's previews)
//   InputScript+Targets.swift  named targets (`tap @NAME`): a layer's or view's centre as presented
//   InputScript+Fingers.swift  `pinch` and `rotate` lines: their spot and the two fingers' path
//   KeyNames.swift           Flipbook's key codes and the names scripts write for them (SDL 2's
//                            names and keycode values, read without SDL; the window maps SDL's to them)
//   KeyNames+Table.swift     the key names by scancode
//
// Overlays every driver has
//   PointerOverlay.swift     the controller's virtual pointer; Alt's two fingers (grey circles)
//   DamageFlash.swift        --show-damage / D: the re-composited rectangles tinted
//
// Messages
//   HostError.swift          the one error for problems the user can fix, one line
//   OneLine.swift            control characters escaped, so a message stays one line

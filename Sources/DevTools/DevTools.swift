// DevTools — the module's table of contents.
//
// What a developer sees over a running scene and the stage it runs on, below SDL: the tools drawn
// over finished frames (HUD, inspector), time travel and the input recording it keeps, and the
// playground (the scene menu or one scene) that the window, renders and time travel's replays show.
// Overlays plug into FrameLoop's driver (FrameOverlay, InteractiveOverlay, FrameRecording);
// nothing here opens a window or a file.
//
// Playground/ — what the window and renders show
//   Playground.swift              the scene menu or one scene, and navigation between them
//   MenuScene.swift               the menu of scenes: cards in sections (the articles', yours, tools
//                                 and demos), a centred grid, scrolled when it does not fit
//   MenuScene+Input.swift         its keys, pad, clicks and wheel; typing filters the cards
//   MenuScene+Previews.swift      the cards' live pictures: which card is drawn when (visible only,
//                                 a few a second, a cap for all cards together)
//   ScenePreview.swift            one card's picture: the scene on an engine and driver of its own,
//                                 drawn small, playing its demo script
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
//   MessageOverlay.swift          a panel of lines along the bottom: `watch`'s build errors
//   OverlayPainter.swift          pixel-aligned drawing straight into a finished frame
//
// Travel/ — time travel and input recording
//   TimeMachine.swift             scrubbing recorded frames, resuming from an earlier one
//   TimeMachine+Previews.swift    quarter-size previews while a scrub moves
//   TravelPreview.swift           a preview in strips that consecutive previews share
//   SessionLog.swift              every frame's time, input and script actions
//   SessionLog+File.swift         the session as a file, for `watch` to hand to the next build
//   Replay.swift                  a fresh playground run through recorded frames
//   TravelStage.swift             the window's stage under time travel
//   TimelineOverlay.swift         the time-travel band docked along the bottom

// Scenes — the module's table of contents.
//
// The built-in scenes, one file each (a scene's helper views beside it), listed in one array.
// The seed articles' systems first, then the tools and demos.
//
//   SceneRegistry.swift           every scene in menu order: adding a scene is one file and one line
//   HelloScene.swift              a first scene: a labelled rounded rectangle gliding, autoreversing
//   CountdownScene.swift          seed 000: gradient background, ring of shape layers, pulse, timer label
//   CountdownProgressBar.swift    its ring
//   ProgressScene.swift           seed 003: a custom animatable `progress` property inside UIView.animate
//   ProgressRingView.swift        its circular progress view
//   GeometryScene.swift           seeds 001/002: frame, bounds, anchor point, 3D perspective, model vs presentation
//   BasicsScene.swift             seed 001: morph, the four curves, repeat and autoreverse, transactions, keyframes
//   CurvePlotView.swift           a small plot of a timing curve
//   TransitionsScene.swift        seed 001: UIView.transition and CATransition, every kind
//   ModalScene.swift              seed 001: a custom present/dismiss with an interactive dismiss
//   ModalViews.swift              its list cells, avatar and detail page
//   ModalZoomAnimator.swift       its zoom animator and drag-down interaction controller
//   FloScene.swift                seed 001: Core Graphics in draw(_:)
//   FloViews.swift                its push button and counter view
//   CitiesScene.swift             seed 004: city cards a property animator expands, scrubs and reverses
//   CityCell.swift                one city's card
//   AnimatorScene.swift           UIViewPropertyAnimator by hand: start, pause, scrub, reverse, stop, finish
//   LayoutScene.swift             Auto Layout only: a card's height on a property animator, stack rows, a bar, a badge
//   DrawingScene.swift            Core Graphics: blend modes, clips, gradients, shadow, text, an image context
//   DrawingViews.swift            its blend-mode swatches and effects panel
//   ReplicatorScene.swift         CAReplicatorLayer: the dot spinner, a 3D spinner, a colour wheel, an equalizer
//   ParticlesScene.swift          CAEmitterLayer: confetti, snow, fire with sparks; a tap bursts
//   TableScene.swift              UITableView: row inserts, deletes, moves, expanding rows, swipe actions (and its cell)
//   EffectsScene.swift            a live blur scrubbed by a property animator, vibrancy; sprite sheets, crossfades
//   PagesScene.swift              page view controllers (scroll, curl), alerts and sheets, the new controls
//   PagesViews.swift              its numbered pages and the data source both page controllers share

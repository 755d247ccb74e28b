// Views — the module's table of contents.
//
// UIKit's view layer for Flipbook, over the Layers module: names and semantics are UIKit's, so iOS
// code ports by mechanical edits (the import line, selectors to closures). Time is passed in: input
// and frames arrive with media-clock times from the host; nothing reads a wall clock.
//
// View/ — the view tree
//   UIResponder.swift            UIResponder (touches up the responder chain), UITouch, UIEvent
//   UIView.swift                 UIView: layer-backed geometry and appearance, layout, drawing hooks,
//                                hit testing, hierarchy callbacks; the layer's CALayerDelegate
//   UIView+Hierarchy.swift       add/insert/bring/send/remove subviews, keeping sublayer order in step
//   UIView+Geometry.swift        convert points and rects between views (through transforms)
//   UIView+Autoresizing.swift    autoresizingMask: subviews follow a new size (UIKit's springs and struts)
//   UIViewBackingLayer.swift     the default backing layer: draw(_:) content, old-value-first custom keys
//   UIView+Snapshot.swift        snapshotView(afterScreenUpdates:): a view showing another's presented look
//   UIView+Traits.swift          traitCollection, and an appearance change walking down the tree
//   UIView+Accessibility.swift   UIAccessibilityIdentification: accessibilityIdentifier names a view for scripts
//
// Color/, Text/
//   UIColor.swift                UIColor: sRGB, HSB, white, colour literals, components, dynamic colours
//   UIColor+Named.swift          UIKit's fixed colours, and its system colours (light and dark) by name
//   UIFont.swift                 UIFont on the DejaVu faces and registered font files; metrics
//   NSAttributedString+UIKit.swift  UIKit's attribute keys, NSParagraphStyle; String, NSString and
//                                NSAttributedString draw(at:), draw(in:), size
//   TextLayout.swift             attributed text in lines: runs, words, kerning, line spacing, alignment
//
// Drawing/ — Core Graphics in draw(_:) (CGContext itself is in Layers: Core Graphics sits below
//   Core Animation)
//   UIGraphics.swift             the current engine's context stack (UIGraphicsGetCurrentContext); UIRectFill, UIRectFrame
//   UIBezierPath.swift           paths with pen settings; visual `clockwise`
//   UIGraphicsImageRenderer.swift  drawing into an image off screen
//   UIGraphics+ImageContext.swift  UIGraphicsBeginImageContextWithOptions and friends: bitmap contexts
//                                that play their recording op by op when an image is asked for
//   CGContext+Data.swift         CGContext(data:width:height:…): a y-up bitmap context over the caller's
//                                memory in its layout (CGImageAlphaInfo, CGBitmapInfo); here for the fonts
//
// Animation/ — UIView.animate and UIView.transition
//   UIView+Animation.swift       animate (curves, delay, options), spring, keyframes, performWithoutAnimation
//   UIView+Transition.swift      transition(with:) and transition(from:to:): 3D flips, page curl, cross-dissolve
//   UIViewAnimationOptions.swift AnimationOptions and KeyframeAnimationOptions with UIKit's raw values
//   ViewAnimation.swift          the block stack kept with the current engine; UIView's action(for:forKey:) answer
//   ViewAnimationBlock.swift     one block's timing, the animations it makes, its completion
//   KeyframeRecorder.swift       addKeyframe segments → CAKeyframeAnimation values and key times
//
// PropertyAnimator/ — UIViewPropertyAnimator (spec: ../shared/specs/property-animator.md)
//   UIViewAnimating.swift        UIViewAnimating, UIViewImplicitlyAnimating, the state and position enums
//   UITimingCurveProvider.swift  UICubicTimingParameters, UISpringTimingParameters, UIView.AnimationCurve
//   UIViewPropertyAnimator.swift the animator: properties, initializers, misuse reports, keep-alive
//   UIViewPropertyAnimator+StateMachine.swift  Apple's state table: add, start, pause, stop, finish, continue
//   AnimatorMotion.swift         where the blocks are at a media time: runs, pauses, reversal, springs
//   AnimatorBlock.swift          one block: its recorded changes as additive DrivenPropertyAnimations
//   (both recorders read and write model values by key through Layers' CALayer.modelValue(forKey:))
//
// AutoLayout/ — constraints solved by LayoutSolver in the layout pass
//   NSLayoutConstraint.swift     item1.attribute1 = multiplier × item2.attribute2 + constant, activation
//   NSLayoutConstraint+VisualFormat.swift  the visual format language: "H:|-[a]-[b(==a)]-|" to constraints
//   NSLayoutAnchor.swift         the anchors: constraints that read as sentences, offsets, system spacing
//   UILayoutPriority.swift       1…1000, UIKit's constants and arithmetic
//   UILayoutGuide.swift          guides: rectangles in the layout that are not views; addLayoutGuide
//   UIView+AutoLayout.swift      a view's anchors, addConstraint/removeConstraint, the engine's hooks
//   UIView+IntrinsicSize.swift   intrinsic sizes, hugging and compression resistance, systemLayoutSizeFitting
//   UIView+LayoutMargins.swift   margins, the safe area (the window's simulated insets), the readable width
//   UIView+UpdateConstraints.swift  updateConstraints passes, subviews first, before layout
//   ViewLayoutState.swift        what Auto Layout keeps per view (one stored value on UIView)
//   UIStackView.swift            rows and columns of arranged subviews; hiding collapses
//   UIStackView+Constraints.swift  the stack's UISV- constraints for each distribution and alignment
//   LayoutEngine.swift           a view tree's solver: re-solved before layoutSubviews, frames set top-down
//   LayoutEngine+Generated.swift the engine's own constraints: pins, intrinsic sizes, guides' ties
//   LayoutEngine+Expressions.swift  attributes as expressions: margins, baselines, offsets
//   LayoutEngine+Debugging.swift UIKit's conflict report, hasAmbiguousLayout, constraintsAffectingLayout
//
// Scroll/ — UIScrollView
//   UIScrollView.swift           drag, rubber band, glide, bounce, paging, wheel, right stick
//   UIScrollViewDelegate.swift   the delegate protocol
//   UIRefreshControl.swift       pull to refresh: spokes shown by the pull, a trigger, the inset while refreshing
//   ScrollPhysics.swift          iOS's deceleration and bounce laws as closed forms of time
//   ScrollAxisMotion.swift       one axis moving on the frame clock
//   ScrollIndicators.swift       the indicators, faded in and out
//   UIEdgeInsets.swift           UIEdgeInsets
//
// Collection/ — UICollectionView
//   UICollectionView.swift       visible cells only, reuse queues, selection by touch, focus
//   UICollectionView+Updates.swift  performBatchUpdates: inserts, deletes, moves and reloads animated
//   UICollectionViewCell.swift   the cell: content view, selection and highlight
//   UICollectionViewLayout.swift the open base for custom layouts, layout attributes
//   UICollectionViewFlowLayout.swift  the flow layout: lines, spacing, insets, headers
//   UICollectionViewProtocols.swift  the data source and delegate protocols
//   IndexPath+UIKit.swift        IndexPath's item, row and section
//   ReuseQueues.swift            the reuse queues collection and table views share, and their capped counts
//
// Table/ — UITableView
//   UITableView.swift            styles, heights, registration and dequeuing, geometry queries
//   UITableView+Visible.swift    cells for visible rows only, sticky headers, self-sizing rows (the offset corrected above)
//   UITableView+Selection.swift  selection by touch and code, scrollToRow
//   UITableView+Updates.swift    inserts, deletes, reloads, moves, sections, height changes: iOS's row animations
//   UITableView+Swipe.swift      swipe actions revealed by a horizontal pan
//   UITableView+Reorder.swift    editing mode's reorder: a row dragged by its control across sections, the delegate consulted
//   UITableViewProtocols.swift   the data source and delegate protocols
//   UITableViewCell.swift        the cell: built-in styles, accessories, selected background, separator
//   UITableViewHeaderFooterView.swift  section headers and footers, titles in the style's look
//   UIContextualAction.swift     UIContextualAction and UISwipeActionsConfiguration
//   TableAccessoryView.swift     the drawn chevron, checkmark and info button; editing controls
//   TableGeometry.swift          sections, rows, headers and footers as one list of heights
//   TableIndexMap.swift          old to new rows and sections for a group of updates, checked
//   HeightSums.swift             a Fenwick tree of heights: O(log n) lookups and updates
//
// Controls/
//   UIControl.swift              events, targets as closures, highlight tracking
//   UIAction.swift               UIAction
//   UIButton.swift               UIButton: title, image, highlight
//   UIButton+Configuration.swift UIButton.Configuration: filled, tinted, gray, plain; the highlight's fade
//   UILabel.swift                UILabel: text, font, colour, alignment, lines
//   UISlider.swift               drag, track taps, focused left/right steps
//   UISwitch.swift               the animated toggle
//   UIActivityIndicatorView.swift  spokes stepping round on a discrete keyframe animation
//   UIProgressView.swift         the animated fill
//   UISegmentedControl.swift     segments with a sliding selection indicator
//   UIPageControl.swift          page dots: tap to step, drag to scrub, the lit dot cross-fades
//   UIStepper.swift              − and + with limits, wrapping and autorepeat on the media clock
//   UITextField.swift            one line of typed text at a moving caret: placeholder, secure entry, borders
//   UITextField+TextInput.swift  its caret and selection from code: UITextPosition, UITextRange, selectedTextRange
//
// Image/
//   UIImage.swift                images from files and named resources (1× and 2×)
//   UIImage+Variants.swift       from and to PNG/JPEG bytes, orientation, template and resizable images; CGImage cropping
//   UIImage+Symbols.swift        UIImage(systemName:): common SF Symbols drawn as template paths; SymbolConfiguration
//   UIImage+Drawing.swift        draw(at:), draw(in:) upright, nine-part stretching
//   UIImageView.swift            contentMode, image sequences (a discrete contents keyframe animation), template tint,
//                                nine-part images at the view's size
//
// Effects/ — UIVisualEffectView over Layers' CABackdropLayer
//   UIVisualEffect.swift         UIVisualEffect, UIBlurEffect and its styles' values, UIVibrancyEffect
//   UIVisualEffectView.swift     the effect view: its backdrop layer takes the effect (animatable), contentView
//
// Gestures/ — closures and a delegate (shouldBegin, simultaneous; the first to begin on a touch
//   fails the others)
//   UIGestureRecognizer.swift    the base class: states, targets, the window's dispatch
//   UIGestureRecognizer+Failure.swift  require(toFail:): recognizers waiting for another's failure
//   UITapGestureRecognizer.swift, UIPanGestureRecognizer.swift (velocity from media times),
//   UILongPressGestureRecognizer.swift, UISwipeGestureRecognizer.swift
//   UIScreenEdgePanGestureRecognizer.swift  a pan from the window's edges (UIRectEdge)
//   UIPinchGestureRecognizer.swift  two fingers apart or together: scale, velocity (and RecentSamples)
//   UIRotationGestureRecognizer.swift  two fingers turning: rotation in radians, velocity
//
// Dynamics/ — UIKit Dynamics: items moved by a rigid-body solver on the frame clock
//   UIDynamicAnimator.swift      the animator: behaviours, bodies, steps, pausing at rest; contacts and joints solved by impulses
//   UIDynamicBehavior.swift      the behaviours: gravity, push, snap, attachment, item properties and velocities
//   UICollisionBehavior.swift    collisions: the reference bounds, named boundaries, the delegate told of contacts
//   UIDynamicItem.swift          UIDynamicItem (UIView, layout attributes), collision bounds types, UIOffset
//   DynamicsWorld.swift          one item as the solver's body: shape, mass, velocity; convex hulls
//   DynamicsContacts.swift       convex-polygon contacts by separating axes, and the inside of the reference bounds
//
// App/
//   UIApplication.swift          the current engine's app: its windows, the key window, app settings
//   UIDevice.swift               the device iOS code asks about: a phone, oriented by the screen's shape
//   UIFeedbackGenerator.swift    impact, selection and notification haptics: recorded per engine, rumbled on controllers
//   UIScene.swift                the app's one UIWindowScene (connectedScenes), interface orientation, status bar style
//
// Window/
//   UIWindow.swift               input entry: hit test, touches, gestures, presses
//   UIWindow+Touches.swift       up to two touches: began/moved/ended per touch, stationary others
//   UIScreen.swift               the current engine's screen: size and scale
//   UITraitCollection.swift      traits (appearance, scale, idiom, size classes), UITraitEnvironment
//   FocusRing.swift              D-pad, arrows and Tab move a focus between controls
//   UIFocusHeading.swift, UIFocusUpdateContext.swift  the focus engine's headings and moves
//
// Controller/
//   UIViewController.swift       lazy view, appearance and layout callbacks, containment
//   UIViewController+Presentation.swift  present and dismiss in UIKit's call order
//   UINavigationController.swift push and pop, animated by the transition machinery
//   UINavigationBar.swift        the bar: title, back button and the item's bar buttons
//   UIBarButtonItem.swift        bar buttons: text, image, system items, custom views, a primary action
//   UIToolbar.swift              a row of bar button items with flexible and fixed spaces
//   UITabBarController.swift     tabs: children, selection, the delegate's animators and interaction
//   UITabBar.swift               the tab bar and its items: pictures, titles, badges
//   UIAlertController.swift      alerts and action sheets: actions, text fields, misuse reports
//   UIAlertAction.swift          one alert button: title, style, handler
//   UIAlertController+View.swift the alert's card, rows and the sheet's cancel card, laid out from a width
//   UIPageViewController.swift   pages turned by scrolling or curling; data source, delegate, children
//   UIPageViewController+Curl.swift  the curl's turns: a side tap, setViewControllers, the finger
//   UIPageViewController+Spine.swift  spines min/mid/max, double-sided pages, UIKit's rules, spineLocationFor
//   UITableViewController.swift  a controller that makes and feeds a table; its methods to override
//   UICollectionViewController.swift  a controller that makes and feeds a collection view
//
// Transitions/ — view-controller transitions
//   UIViewControllerTransitioning.swift  the delegate, animator and context protocols, their keys
//   TransitionContext.swift      the context of one present, dismiss, push or pop
//   TransitionCoordinator.swift  animations alongside a transition
//   UIPercentDrivenInteractiveTransition.swift  a transition driven by a fraction (interactive)
//   UIPresentationController.swift  a presented controller's place on screen
//   Presentation.swift           one presented controller's container in its window
//   AlertPresentationController.swift  an alert's place and dimming, and UIKit's alert and sheet animations
//   StandardTransitionAnimator.swift  UIKit's built-in styles (cover, flip, dissolve, curl, push)
//
// Timer/
//   Timer.swift                  Timer on the media clock with Foundation's names
//   DispatchQueue+MediaClock.swift  DispatchQueue.main.asyncAfter with a closure, on that clock
//
// Input/
//   InputEvent.swift             the host's input model: pointer, two fingers, keys, pad, wheel
//   UIPress.swift                a physical button press up the responder chain (B, Escape)
//
// Mechanism: a view is its layer's delegate. Outside animation blocks `action(for:forKey:)` answers
// NSNull (view-backed layers never animate implicitly); inside one it answers a CABasicAnimation or
// CASpringAnimation from where the layer is to the new model value with the block's timing, whose
// delegate is the block. Each block runs in a nested CATransaction whose completion says when every
// animation added during it has ended; the delegate stops say whether any was cut short.
//
// State: everything per stage (open animation blocks, the drawing context stack) hangs off the
// engine the static APIs address, `CAEngine.current` (CAEngine.attachment): no thread-local state.
//
// A property animator's block runs in the same machinery with a recorder instead of animations: each
// changed key becomes an additive Layers `DrivenPropertyAnimation` reading the block's progress,
// which the animator sets in its display link at the frame's media time (pause and scrub only
// change that number). Its views are hit-tested at their presentation values.
//
// Trade-offs: UIView.animate retargets from the current state (iOS 8+ behaviour, not additive);
// property animators are additive; draw(_:) runs when the frame draws, with the presentation
// bounds; one touch at a time.
// Out of scope: text input.

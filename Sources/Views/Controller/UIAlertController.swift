import Foundation
import Layers

/// An alert or an action sheet (UIKit's `UIAlertController`): a title, a message, actions and
/// (alerts only) text fields, presented with `present(_:animated:completion:)`.
///
/// Presentation is UIKit's: an alert fades in while it scales from 1.2 to 1 in the middle of the
/// window over a dimming view that fades in; it fades out on dismissal. An action sheet slides up
/// from the bottom over the dimming view and slides down on dismissal. (Timings in
/// `AlertTransitionAnimator`.)
///
/// Tapping an action dismisses the alert, then runs the action's handler. Apple documents only
/// that the handler runs "when the user selects the action"; Flipbook runs it when the dismissal
/// has finished, so a handler may present another controller at once (as iOS apps do, and as a
/// present during a running transition is refused here). A tap outside an action sheet chooses its
/// `.cancel` action when it has one and does nothing otherwise; a tap outside an alert does nothing.
/// Escape (or the pad's B) chooses the cancel action of either kind, when there is one. Return
/// (Enter) chooses an alert's `returnKeyAction`, also while one of its text fields is editing.
///
/// Misuse UIKit rejects with an exception is reported (one line through `CAEngine.report`) and
/// ignored: a second `.cancel` action, a text field on an action sheet, an action added to two
/// alerts, a `preferredAction` that is not one of the alert's actions.
open class UIAlertController: UIViewController {
    /// The two kinds of alert (UIKit's `UIAlertController.Style`, same raw values).
    public enum Style: Int, Sendable {
        /// A list of choices sliding up from the bottom of the window.
        case actionSheet = 0
        /// A small card in the middle of the window.
        case alert = 1
    }

    /// The kind of alert, fixed at init.
    public let preferredStyle: Style
    /// The smaller text below the title. Default: nil.
    open var message: String? { didSet { contentIfLoaded?.refresh() } }
    /// The actions in the order they were added (the cancel action keeps its place here; the view
    /// puts it where UIKit does).
    public private(set) var actions: [UIAlertAction] = []
    /// The action drawn bold in an alert (UIKit: the one the Return key chooses). Must be one of
    /// `actions`; another is refused with a report. Default: nil (the cancel action is bold).
    open var preferredAction: UIAlertAction? {
        get { preferred }
        set {
            if let a = newValue, !actions.contains(where: { $0 === a }) {
                CAEngine.current.report("UIAlertController.preferredAction ignored: the action \"\(a.title ?? "")\" is not one of the alert's actions (UIKit raises)")
                return
            }
            preferred = newValue
            actionsDidChange()
        }
    }
    private var preferred: UIAlertAction?
    private var fields: [UITextField] = []
    /// The alert's text fields, in the order they were added; nil when it has none.
    open var textFields: [UITextField]? { fields.isEmpty ? nil : fields }

    /// Keeps the alert's transitioning delegate alive (`transitioningDelegate` is weak, as UIKit's).
    private let transitions = AlertTransitions()

    /// An alert of `preferredStyle` with `title` and `message` and no actions yet.
    public init(title: String?, message: String?, preferredStyle: Style) {
        self.preferredStyle = preferredStyle
        self.message = message
        super.init()
        self.title = title
        modalPresentationStyle = .custom
        transitioningDelegate = transitions
    }
    /// Archives are not supported: an alert with no title and no actions.
    public required init?(coder: NSCoder) {
        preferredStyle = .alert
        super.init(coder: coder)
        modalPresentationStyle = .custom
        transitioningDelegate = transitions
    }

    /// Adds an action. A second `.cancel` action, or an action already in an alert, is refused
    /// with a report (UIKit raises).
    open func addAction(_ action: UIAlertAction) {
        let engine = CAEngine.current
        if action.alert != nil {
            return engine.report("UIAlertController.addAction ignored: the action \"\(action.title ?? "")\" is already in an alert (UIKit raises)")
        }
        if action.style == .cancel, actions.contains(where: { $0.style == .cancel }) {
            return engine.report("UIAlertController.addAction ignored: UIAlertController can only have one action with a style of UIAlertActionStyleCancel")
        }
        action.alert = self
        actions.append(action)
        actionsDidChange()
    }

    /// Adds a text field (alerts only) below the message; `configurationHandler` sets it up
    /// (placeholder, secure entry…). On an action sheet it is refused with a report (UIKit raises:
    /// "Text fields can only be added to an alert controller of style UIAlertControllerStyleAlert").
    open func addTextField(configurationHandler: ((UITextField) -> Void)? = nil) {
        guard preferredStyle == .alert else {
            return CAEngine.current.report("UIAlertController.addTextField ignored: Text fields can only be added to an alert controller of style UIAlertControllerStyleAlert")
        }
        let field = UITextField()
        field.font = .systemFont(ofSize: 13)
        field.borderStyle = .line
        field.backgroundColor = .white
        configurationHandler?(field)
        // Return in the field chooses the alert's Return action, as UIKit's alert fields do.
        field.returnKeyHandler = { [weak self] in self?.returnKeyPressed() ?? false }
        fields.append(field)
        contentIfLoaded?.refresh()
    }

    /// The title shown at the top.
    open override var title: String? { didSet { contentIfLoaded?.refresh() } }

    open override func loadView() { view = AlertContentView(alert: self) }

    private var contentIfLoaded: AlertContentView? { viewIfLoaded as? AlertContentView }

    /// The action list or an action's state changed: the view rebuilds its rows.
    func actionsDidChange() { contentIfLoaded?.refresh() }

    /// The action bold in an alert: the preferred one, else the cancel action.
    var emphasizedAction: UIAlertAction? { preferred ?? actions.first { $0.style == .cancel } }

    /// The user chose `action`: the alert dismisses, then the handler runs (see the type's doc).
    /// A second choice while the dismissal runs is ignored (only one action is chosen).
    func choose(_ action: UIAlertAction) {
        guard action.isEnabled, chosen == nil, presentingViewController != nil else { return }
        chosen = action
        dismiss(animated: true) { [weak self] in
            self?.chosen = nil
            action.handler?(action)
        }
        // A dismissal refused (a transition in flight) leaves the alert up and choosable.
        if presentingViewController != nil, transitionCoordinator == nil { chosen = nil }
    }
    private var chosen: UIAlertAction?

    /// Escape or the pad's B (a `.menu` press) chooses the cancel action, as a hardware keyboard's
    /// Escape does on iOS; without a cancel action the alert stays. Either way the press is used:
    /// nothing behind the alert goes back.
    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        guard presses.contains(where: { $0.type == .menu }) else { return super.pressesBegan(presses, with: event) }
    }
    /// Chooses the cancel action for a `.menu` press (see `pressesBegan`).
    open override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        guard presses.contains(where: { $0.type == .menu }) else { return super.pressesEnded(presses, with: event) }
        if let cancel = actions.first(where: { $0.style == .cancel }) { choose(cancel) }
    }

    /// The action the Return key chooses: the `preferredAction` (Apple: "If the iOS device is
    /// connected to a physical keyboard, pressing the Return key triggers the preferred action"),
    /// else the alert's only action besides the cancel action when it is a `.default` one. Apple
    /// says nothing about an alert without a preferred action; that rule is Flipbook's decision
    /// (Return does what the one real button would; never a destructive one: Return must not
    /// delete by itself, and with two or more choices it does not guess). Only alerts (Apple: the
    /// preferred action "isn't used by action sheets"), only enabled actions; nil when none qualifies.
    var returnKeyAction: UIAlertAction? {
        guard preferredStyle == .alert else { return nil }
        let choice: UIAlertAction?
        if let p = preferred {
            choice = p
        } else {
            let others = actions.filter { $0.style != .cancel }
            choice = others.count == 1 && others[0].style == .default ? others[0] : nil
        }
        return choice?.isEnabled == true ? choice : nil
    }

    /// Return was pressed while the alert is on top (the window sends it, or one of the alert's
    /// text fields): chooses `returnKeyAction`; true when there was one.
    @discardableResult
    func returnKeyPressed() -> Bool {
        guard let action = returnKeyAction else { return false }
        choose(action)
        return true
    }

    /// A tap outside an action sheet: its cancel action, if it has one.
    func tappedOutside() {
        guard preferredStyle == .actionSheet, let cancel = actions.first(where: { $0.style == .cancel }) else { return }
        choose(cancel)
    }
}

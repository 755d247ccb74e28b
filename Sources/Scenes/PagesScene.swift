// pages — UIKit's page controllers, alerts and controls.
//
// Demonstrates: a UIPageViewController with the scroll style (drag a page; its UIPageControl
// follows and, tapped or scrubbed, turns the pages) and one with the page curl (tap the right or
// left edge: the page rolls round a cylinder in perspective, its back and shadow showing); the
// "Open book" choice swaps both for a two-page spread (spine .mid, double-sided: the right page
// turns over and its back is the next left page); a UISegmentedControl
// picks the palette, a UIStepper the number of pages; buttons made from UIButton.Configuration
// present an alert (scale 1.2 → 1 with a fade), an action sheet (sliding up; a tap outside
// cancels) and a sign-in alert with text fields (click a field and type).
// Until the first touch the scene plays these by itself, so a render moves.
import Flipbook

final class PagesScene: UIViewController, Scene, UIPageViewControllerDelegate {
    static let name = "pages"
    static let summary = "UIPageViewController (scroll and curl), UIAlertController, segmented control, page control, stepper, button configurations"
    static let menuSection: SceneSection = .toolsAndDemos

    /// One book per page controller: a page controller is a child of one parent at a time.
    let book = PageBook(), curlBook = PageBook(), spreadBook = PageBook()
    let scroller = UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal, options: [.interPageSpacing: 12])
    let curler = UIPageViewController(transitionStyle: .pageCurl, navigationOrientation: .horizontal)
    let spread = UIPageViewController(transitionStyle: .pageCurl, navigationOrientation: .horizontal,
                                      options: [.spineLocation: UIPageViewController.SpineLocation.mid.rawValue])
    let bookPicker = UISegmentedControl(items: ["Scroll & curl", "Open book"])
    let dots = UIPageControl()
    let palette = UISegmentedControl(items: ["Warm", "Cool", "Mono"])
    let stepper = UIStepper()
    let countLabel = UILabel(), status = UILabel()
    private(set) var buttons: [UIButton] = []
    private var demo: [Timer] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .secondarySystemBackground
        for (p, b) in [(scroller, book), (curler, curlBook), (spread, spreadBook)] {
            p.dataSource = b
            addChild(p)
            view.addSubview(p.view)
            p.didMove(toParent: self)
            p.view.layer.cornerRadius = 16
            p.view.clipsToBounds = true
        }
        spreadBook.count = 6
        spread.view.isHidden = true
        bookPicker.selectedSegmentIndex = 0
        bookPicker.addAction(for: .valueChanged) { [unowned self] in showBook(bookPicker.selectedSegmentIndex == 1) }
        scroller.delegate = self
        dots.numberOfPages = book.count
        dots.addAction(for: .valueChanged) { [unowned self] in turnScroller(to: dots.currentPage + 1) }
        palette.selectedSegmentIndex = 0
        palette.addAction(for: .valueChanged) { [unowned self] in setPalette(palette.selectedSegmentIndex) }
        stepper.minimumValue = 1
        stepper.maximumValue = 9
        stepper.value = Double(book.count)
        stepper.addAction(for: .valueChanged) { [unowned self] in setCount(Int(stepper.value)) }
        let actions: [(String, UIButton.Configuration, (PagesScene) -> Void)] = [
            ("Alert", .filled(), { $0.showAlert() }), ("Action Sheet", .tinted(), { $0.showSheet() }), ("Sign In", .gray(), { $0.showSignIn() }),
        ]
        for (title, style, action) in actions {
            var c = style
            c.title = title
            c.cornerStyle = UIButton.Configuration.CornerStyle.capsule
            let b = UIButton(configuration: c, primaryAction: UIAction { [unowned self] _ in action(self) })
            buttons.append(b)
            view.addSubview(b)
        }
        for v in [dots, palette, stepper, countLabel, status, bookPicker] as [UIView] { view.addSubview(v) }
        countLabel.font = .systemFont(ofSize: 17)
        status.font = .systemFont(ofSize: 15)
        status.textColor = .secondaryLabel
        status.numberOfLines = 2
        reload()
        playDemo()
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let b = view.bounds
        // Sized for 1280 × 720 and grown with a larger window (×1.5 at 1920 × 1080), where the
        // books sat small in the window's top left: the books, margins and gaps grow, and the
        // controls' widths; their heights and type stay the system's, as UIKit's controls keep
        // theirs on a larger screen, and their column is centred beside the taller books. Up to
        // 1280 × 720 every value is the old one.
        let k = max(1, min(b.width / 1280, b.height / 720))
        let m = 40 * k
        // The books take 300 points each where the window has room; below that they narrow
        // faster than the control column, which needs about 200 points for its labels.
        let w = min(300 * k, (b.width - 4 * m) / 3.4), h = min(440 * k, b.height - 140 * k)
        let top = max(20, (b.height - h - 50 * k) / 2)
        scroller.view.frame = CGRect(x: m, y: top, width: w, height: h)
        curler.view.frame = CGRect(x: 2 * m + w, y: top, width: w, height: h)
        spread.view.frame = CGRect(x: m, y: top, width: 2 * w + m, height: h)
        dots.frame = CGRect(x: m, y: top + h + 12 * k, width: w, height: 26)
        let x = 3 * m + 2 * w, cw = max(0, b.width - x - m)
        let column = top + max(0, (h - 440) / 2)
        palette.frame = CGRect(x: x, y: column, width: min(cw, 300 * k), height: 32)
        stepper.frame.origin = CGPoint(x: x, y: column + 60)
        countLabel.frame = CGRect(x: x + 110, y: column + 60, width: max(0, min(150, cw - 110)), height: 32)
        for (i, btn) in buttons.enumerated() {
            btn.frame = CGRect(x: x, y: column + 120 + CGFloat(i) * 56, width: min(cw, 200 * k), height: 44)
        }
        status.frame = CGRect(x: x, y: column + 300, width: cw, height: 44)
        bookPicker.frame = CGRect(x: x, y: column + 360, width: min(cw, 300 * k), height: 32)
    }

    /// The open book (a spread at spine .mid) in place of the scroll and curl books, or back.
    func showBook(_ open: Bool) {
        bookPicker.selectedSegmentIndex = open ? 1 : 0
        spread.view.isHidden = !open
        for v in [scroller.view, curler.view, dots] as [UIView] { v.isHidden = open }
    }

    /// The pages after the palette or the count changed: both controllers keep their page number
    /// (clamped to the count).
    /// The open book pads its count to even: a spread shows two pages.
    private func setPalette(_ i: Int) { book.palette = i; curlBook.palette = i; spreadBook.palette = i; reload() }
    private func setCount(_ n: Int) { book.count = n; curlBook.count = n; spreadBook.count = n + n % 2; reload() }

    private func reload() {
        countLabel.text = "\(book.count) pages"
        dots.numberOfPages = book.count
        for (p, b) in [(scroller, book), (curler, curlBook)] {
            let n = min(b.count, (p.viewControllers?.first as? NumberedPage)?.number ?? 1)
            p.setViewControllers([b.page(n)], direction: .forward, animated: false)
        }
        dots.currentPage = ((scroller.viewControllers?.first as? NumberedPage)?.number ?? 1) - 1
        let left = min(spreadBook.count - 1, (spread.viewControllers?.first as? NumberedPage)?.number ?? 1)
        spread.setViewControllers([spreadBook.page(left), spreadBook.page(left + 1)], direction: .forward, animated: false)
    }

    /// Turns the open book to the spread whose left page is `left` (odd).
    func turnSpread(to left: Int) {
        let current = (spread.viewControllers?.first as? NumberedPage)?.number ?? 1
        guard left != current, left >= 1, left + 1 <= spreadBook.count else { return }
        spread.setViewControllers([spreadBook.page(left), spreadBook.page(left + 1)], direction: left > current ? .forward : .reverse, animated: true)
    }

    private func turnScroller(to n: Int) {
        let current = (scroller.viewControllers?.first as? NumberedPage)?.number ?? 1
        guard n != current, (1...book.count).contains(n) else { return }
        scroller.setViewControllers([book.page(n)], direction: n > current ? .forward : .reverse, animated: true) { [weak self] _ in
            self?.dots.currentPage = n - 1
        }
    }

    func pageViewController(_ p: UIPageViewController, didFinishAnimating finished: Bool,
                            previousViewControllers: [UIViewController], transitionCompleted completed: Bool) {
        if let n = (p.viewControllers?.first as? NumberedPage)?.number { dots.currentPage = n - 1 }
    }

    // MARK: Alerts

    func showAlert() {
        let a = UIAlertController(title: "Remove a page?", message: "The last page leaves both books.", preferredStyle: .alert)
        a.addAction(UIAlertAction(title: "Cancel", style: .cancel) { [unowned self] _ in status.text = "Kept every page" })
        a.addAction(UIAlertAction(title: "Remove", style: .destructive) { [unowned self] _ in
            stepper.value -= 1
            setCount(Int(stepper.value))
            status.text = "Removed a page"
        })
        present(a, animated: true)
    }

    func showSheet() {
        let s = UIAlertController(title: "Turn the curled book to", message: nil, preferredStyle: .actionSheet)
        for (title, n) in [("The first page", 1), ("The last page", book.count)] {
            s.addAction(UIAlertAction(title: title, style: .default) { [unowned self] _ in
                let current = (curler.viewControllers?.first as? NumberedPage)?.number ?? 1
                curler.setViewControllers([curlBook.page(n)], direction: n >= current ? .forward : .reverse, animated: true)
            })
        }
        s.addAction(UIAlertAction(title: "Cancel", style: .cancel) { [unowned self] _ in status.text = "Sheet cancelled" })
        present(s, animated: true)
    }

    func showSignIn() {
        let a = UIAlertController(title: "Sign In", message: "Click a field and type.", preferredStyle: .alert)
        a.addTextField { $0.placeholder = "Name" }
        a.addTextField { $0.placeholder = "Password"; $0.isSecureTextEntry = true }
        let ok = UIAlertAction(title: "Sign In", style: .default) { [unowned self, unowned a] _ in
            status.text = "Signed in as \(a.textFields?[0].text ?? "")"
        }
        a.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        a.addAction(ok)
        a.preferredAction = ok
        present(a, animated: true)
    }

    // MARK: The demo until the first touch

    private func playDemo() {
        let steps: [(Double, (PagesScene) -> Void)] = [
            (0.3, { $0.turnScroller(to: 2) }),
            (0.9, { $0.curler.setViewControllers([$0.curlBook.page(2)], direction: .forward, animated: true) }),
            (1.7, { $0.palette.selectedSegmentIndex = 1; $0.setPalette(1) }),
            (2.0, { $0.showAlert() }),
            (3.0, { $0.dismiss(animated: true) }),
            (3.5, { $0.showSheet() }),
            (5.0, { $0.dismiss(animated: true) }),
            (5.6, { $0.showBook(true) }),
            (6.0, { $0.turnSpread(to: 3) }),
            (7.2, { $0.turnSpread(to: 1) }),
        ]
        demo = steps.map { (t, step) in Timer.scheduledTimer(withTimeInterval: t, repeats: false) { [weak self] _ in if let self { step(self) } } }
    }

    /// The first touch (or key) ends the demo, then the window gets the event.
    func handle(_ event: InputEvent, at time: Double) {
        switch event {
        case .pointerDown, .key, .padButton:
            demo.forEach { $0.invalidate() }
            demo = []
        default: break
        }
        sceneWindow.handle(event, at: time)
    }
}

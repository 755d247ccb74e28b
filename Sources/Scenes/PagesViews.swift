import Flipbook

/// One page of the pages scene: a coloured card with its number.
final class NumberedPage: UIViewController {
    let number: Int
    let colour: UIColor
    init(number: Int, colour: UIColor) {
        self.number = number
        self.colour = colour
        super.init()
        title = "\(number)"
    }
    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = colour
        let label = UILabel()
        label.text = "\(number)"
        label.font = .boldSystemFont(ofSize: 120)
        label.textColor = .white
        label.textAlignment = .center
        label.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        label.frame = view.bounds
        view.addSubview(label)
        let caption = UILabel()
        caption.text = "page \(number)"
        caption.font = .systemFont(ofSize: 17)
        caption.textColor = UIColor(white: 1, alpha: 0.8)
        caption.textAlignment = .center
        caption.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        caption.frame = CGRect(x: 0, y: view.bounds.height - 60, width: view.bounds.width, height: 30)
        view.addSubview(caption)
    }
}

/// The pages of both page view controllers: `count` pages in one of three palettes, made once
/// per page and palette (a page controller must be the same object when asked again).
final class PageBook: UIPageViewControllerDataSource {
    static let palettes: [[UIColor]] = [
        [.systemRed, .systemOrange, .systemYellow, .systemPink, .systemBrown],
        [.systemBlue, .systemTeal, .systemIndigo, .systemCyan, .systemPurple],
        [.systemGray, .darkGray, .systemGray2, .black, .systemGray3],
    ]
    var count = 5
    var palette = 0
    private var made: [Int: NumberedPage] = [:]

    /// Page `n` (1…count) in the current palette.
    func page(_ n: Int) -> NumberedPage {
        let key = palette * 100 + n
        if let p = made[key] { return p }
        let colours = Self.palettes[palette]
        let p = NumberedPage(number: n, colour: colours[(n - 1) % colours.count])
        made[key] = p
        return p
    }

    func pageViewController(_ p: UIPageViewController, viewControllerBefore vc: UIViewController) -> UIViewController? {
        guard let n = (vc as? NumberedPage)?.number, n > 1 else { return nil }
        return page(n - 1)
    }
    func pageViewController(_ p: UIPageViewController, viewControllerAfter vc: UIViewController) -> UIViewController? {
        guard let n = (vc as? NumberedPage)?.number, n < count else { return nil }
        return page(n + 1)
    }
}

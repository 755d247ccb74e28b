// cities — seed 004, "Interactive animation with UIViewPropertyAnimator" (City Guide).
//
// Demonstrates: a horizontal UICollectionView of city cards (flow layout, reuse, snapping to a
// card when a fling ends through scrollViewWillEndDragging's target); a tap expands a card to fill
// the view with a UIViewPropertyAnimator (neighbours shift ±50, description and close button fade
// in, corners square), ✕ collapses it; a vertical pan scrubs the animator and its release continues
// it (durationFactor 0, as the seed); touching a card mid-flight pauses it there.
// Interaction: drag sideways to scroll, tap a card, drag a card up or down. Gamepad: the D-pad
// moves the focus (cards past the edge too), A expands, B collapses, the left stick scrubs down. (CityCell.swift holds
// the card and its animator; the pictures are Resources/Cities, painted by `swift run city-images`.)
import Flipbook

final class CitiesScene: UIViewController, Scene, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    static let name = "cities"
    static let summary = "Seed 004: city cards in a collection view that a property animator expands, scrubs and reverses"
    static let menuSection: SceneSection = .fromTheArticles
    /// The tour's input: expand the first card, drag it down to collapse it, fling to the next
    /// city and expand that.
    static let demoScript: DemoScript? = DemoScript("""
        0.30 tap 640 360
        1.20 drag 640 300 640 600 0.3
        2.10 drag 900 360 400 360 0.15
        3.00 tap 640 360
        """)
    static let cities: [CityCell.City] = [
        .init(name: "Hà Nội", summary: "Lakes, old quarter lanes and tree-lined boulevards; a thousand years of capital.", picture: "hanoi"),
        .init(name: "Đà Nẵng", summary: "Beaches, bridges that breathe fire at weekends, and the Marble Mountains.", picture: "danang"),
        .init(name: "Sài Gòn", summary: "Scooters, street food and towers along the river, awake late into the night.", picture: "saigon"),
        .init(name: "Huế", summary: "The citadel by the Perfume River, royal tombs and misty hills.", picture: "hue"),
        .init(name: "Hội An", summary: "Lanterns over the old town's yellow walls and the Thu Bồn river.", picture: "hoian"),
        .init(name: "Đà Lạt", summary: "Pine forests, flower gardens and cool air in the Central Highlands.", picture: "dalat"),
    ]
    private(set) var collectionView: UICollectionView!
    let layout = UICollectionViewFlowLayout()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0.1, alpha: 1)
        layout.scrollDirection = .horizontal
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        collectionView.backgroundColor = .clear
        collectionView.decelerationRate = .fast
        collectionView.register(CityCell.self, forCellWithReuseIdentifier: "city")
        collectionView.dataSource = self
        collectionView.delegate = self
        view.addSubview(collectionView)
    }

    /// The card size for the view's size: 260×380 up to a 1280×720 window, growing with a larger
    /// one (1.5 times at 1920×1080, where 380-point cards sat small in the window), never over
    /// 60 % of the width and 70 % of the height.
    var cardSize: CGSize {
        let b = view.bounds, k = max(1, min(b.width / 1280, b.height / 720))
        return CGSize(width: min((260 * k).rounded(), b.width * 0.6), height: min((380 * k).rounded(), b.height * 0.7))
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        collectionView.frame = view.bounds
        layout.itemSize = cardSize
        layout.minimumLineSpacing = 24
        let side = (view.bounds.width - cardSize.width) / 2
        // Top and bottom insets leave room for one card a column: a flow layout stacks items in a
        // column where they fit, and 1080 points hold two 380-point cards.
        let above = max(0, (view.bounds.height - cardSize.height) / 2)
        layout.sectionInset = UIEdgeInsets(top: above, left: side, bottom: above, right: side)
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { Self.cities.count }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "city", for: indexPath) as! CityCell
        cell.collectionView = collectionView
        cell.index = indexPath.item
        cell.show(Self.cities[indexPath.item])
        return cell
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        (collectionView.cellForItem(at: indexPath) as? CityCell)?.toggle()
    }

    /// "Back" (the pad's B, Escape) collapses the expanded card; with none, the playground's menu.
    override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        let cards = collectionView.visibleCells.compactMap { $0 as? CityCell }
        guard presses.contains(where: { $0.type == .menu }), cards.contains(where: { $0.back() }) else {
            return super.pressesBegan(presses, with: event)
        }
    }

    /// A fling ends on a card: the nearest one in the fling's direction, centred.
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        let pitch = cardSize.width + layout.minimumLineSpacing
        var page = (targetContentOffset.pointee.x / pitch).rounded()
        let current = (scrollView.contentOffset.x / pitch).rounded()
        page = min(max(page, current - 1), current + 1)
        page = min(max(page, 0), CGFloat(Self.cities.count - 1))
        targetContentOffset.pointee.x = page * pitch
    }
}

import Flipbook
import FlipbookPlayground
import Foundation

/// The 10,000-item collection view of issue #13's "done when": 10,000 labelled 56-point rows in a
/// vertical flow layout, scrolled down at a steady 3,000 points per second by the frame's time
/// (every frame recycles rows and moves every visible cell). `flipbook bench collection` times it
/// headless; `flipbook run bench-collection` shows it in the window.
final class CollectionBenchScene: UIViewController, Scene, UICollectionViewDataSource {
    static let name = "bench-collection"
    static let summary = "Benchmark: 10,000 rows in a collection view scrolled at 3,000 pt/s"
    static let items = 10_000
    static let speed: CGFloat = 3000
    let layout = UICollectionViewFlowLayout()
    private(set) var collectionView: UICollectionView!
    private var steady = SteadyScroll(speed: CollectionBenchScene.speed)
    private var link: DisplayLink?

    final class Row: UICollectionViewCell {
        let label = UILabel()
        override func awakeFromNib() {
            super.awakeFromNib()
            contentView.addSubview(label)
            label.textColor = .white
            layer.cornerRadius = 8
        }
        override func layoutSubviews() {
            super.layoutSubviews()
            label.frame = contentView.bounds.insetBy(dx: 16, dy: 0)
        }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0.08, alpha: 1)
        layout.minimumLineSpacing = 4
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        collectionView.register(Row.self, forCellWithReuseIdentifier: "row")
        collectionView.dataSource = self
        view.addSubview(collectionView)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        collectionView.frame = view.bounds
        layout.itemSize = CGSize(width: view.bounds.width - 32, height: 56)
        layout.sectionInset = UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { Self.items }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath) as! Row
        cell.label.text = "Row \(indexPath.item + 1) of \(Self.items)"
        let hue = CGFloat(indexPath.item % 12) / 12
        cell.backgroundColor = UIColor(hue: hue, saturation: 0.45, brightness: 0.45, alpha: 1)
        return cell
    }

    /// A display link of its own (not `update(at:)`): it keeps the window making frames while the
    /// rows scroll, as a CADisplayLink would, even though nothing in the layer tree animates.
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        link = CAEngine.current.addDisplayLink { [weak self] t in self?.scroll(at: t) }
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        link?.invalidate()
        link = nil
    }

    /// Sets the offset for the frame's time: 3,000 points a second from the first frame, wrapping
    /// to the top at the end.
    func scroll(at time: Double) {
        if let y = steady.offset(at: time, content: collectionView.contentSize.height, visible: collectionView.bounds.height) {
            collectionView.contentOffset = CGPoint(x: 0, y: y)
        }
    }
}

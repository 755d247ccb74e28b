// faq — an accordion of questions laid out with Auto Layout, written as a UIKit screen.
//
// Shows: a screen of anchors only (the safe area, the layout margins, a stack view of sections);
// each section hides and shows its answer inside a spring animation block, the other sections
// sliding down as the stack re-lays out; a custom gesture recognizer subclass (it sets its own
// `state` from `touchesBegan/Ended`) that shrinks a section while a finger is on it; and a
// `DispatchQueue.main.async` that opens the first answer after the screen appeared.
import Flipbook

/// Recognizes "a finger is down on the view": began at the touch, ended when it lifts — the
/// press-down effect iOS code writes as a tiny recognizer subclass.
final class PressGestureRecognizer: UIGestureRecognizer {
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        state = .began
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        state = .ended
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        state = .cancelled
    }
}

/// One question and its answer; tapping the question opens or closes the answer.
final class FAQSectionView: UIView {
    let questionButton = UIButton(type: .system)
    let answerLabel = UILabel()
    private let stack = UIStackView()

    init(question: String, answer: String) {
        super.init(frame: .zero)
        backgroundColor = .secondarySystemBackground
        layer.cornerRadius = 12
        questionButton.setTitle(question, for: .normal)
        questionButton.titleLabel?.font = .boldSystemFont(ofSize: 16)
        questionButton.contentHorizontalAlignment = .leading
        answerLabel.text = answer
        answerLabel.numberOfLines = 0
        answerLabel.font = .systemFont(ofSize: 14)
        answerLabel.textColor = .secondaryLabel
        answerLabel.isHidden = true
        answerLabel.alpha = 0

        stack.axis = .vertical
        stack.spacing = 8
        stack.addArrangedSubview(questionButton)
        stack.addArrangedSubview(answerLabel)
        stack.translatesAutoresizingMaskIntoConstraints = false
        addSubview(stack)
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: topAnchor, constant: 12),
            stack.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 16),
            stack.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -16),
            stack.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -12),
        ])

        questionButton.addAction(UIAction { [weak self] _ in self?.toggle() }, for: .touchUpInside)
        // iOS: PressGestureRecognizer(target: self, action: #selector(pressed(_:))); selectors become closures.
        let press = PressGestureRecognizer()
        press.cancelsTouchesInView = false
        press.addAction { [weak self] recognizer in self?.pressed(recognizer) }
        addGestureRecognizer(press)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    var isOpen: Bool { !answerLabel.isHidden }

    func toggle() {
        let opening = answerLabel.isHidden
        UIView.animate(withDuration: 0.45, delay: 0, usingSpringWithDamping: 0.85, initialSpringVelocity: 0, options: [], animations: {
            self.answerLabel.isHidden = !opening
            self.answerLabel.alpha = opening ? 1 : 0
            self.window?.layoutIfNeeded()
        })
    }

    func pressed(_ recognizer: PressGestureRecognizer) {
        let down = recognizer.state == .began
        UIView.animate(withDuration: 0.15) {
            self.transform = down ? CGAffineTransform(scaleX: 0.97, y: 0.97) : .identity
        }
    }
}

final class FAQViewController: UIViewController, Scene {
    static let name = "faq"
    static let summary = "An accordion laid out with anchors and a stack view; answers open on a spring"

    private(set) var sections: [FAQSectionView] = []
    private let titleLabel = UILabel()
    private let stack = UIStackView()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        titleLabel.text = "Questions"
        titleLabel.font = .boldSystemFont(ofSize: 28)
        stack.axis = .vertical
        stack.spacing = 12
        let faq = [
            ("How long does shipping take?", "Orders leave our warehouse within two working days and arrive three to five days later."),
            ("Can I return an item?", "Yes: within 30 days, unused and in its box. The return label is in the parcel."),
            ("Is there a warranty?", "Two years on every product, from the day it was delivered."),
        ]
        for (question, answer) in faq {
            let section = FAQSectionView(question: question, answer: answer)
            sections.append(section)
            stack.addArrangedSubview(section)
        }
        for v in [titleLabel, stack] as [UIView] {
            v.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(v)
        }
        NSLayoutConstraint.activate([
            titleLabel.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 16),
            titleLabel.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stack.topAnchor.constraint(equalTo: titleLabel.bottomAnchor, constant: 16),
            stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
        ])
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        DispatchQueue.main.async {
            self.sections.first?.toggle()
        }
    }
}

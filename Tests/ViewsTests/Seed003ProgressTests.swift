// Seed 003's CircularProgressView, ported by mechanical edits only: `import UIKit` became the
// imports below; nothing else changed. Its custom `progress` property animates inside
// `UIView.animate` by borrowing the block's animation for "backgroundColor".
import TestSupport
import Foundation
import Layers
import Testing
@testable import Views

private let kProgressKeyPath = "progress"
private let kBackgroundColorKeyPath = "backgroundColor"
private let kStrokeEndKeyPath = "strokeEnd"
private let kChangeProgressAnimationKey = "changeProgress"
private let kProgressLayerWidth: CGFloat = 38
private let kProgressLayerFrameDeltaInset = kProgressLayerWidth / 2
private let kProgressZPosition: CGFloat = -1
private let kBackgroundProgressZPosition: CGFloat = -2

class CircularProgressView: UIView {

    private var _progress: CGFloat = 0
    var progress: CGFloat {
        set {
            _progress = newValue
            layer.setValue(newValue, forKey: kProgressKeyPath)
        }
        get { return _progress }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        setup()
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
        setup()
    }

    private var progressLayerPath: CGPath {
        return UIBezierPath.ovalPath(in: bounds.insetBy(dx: kProgressLayerFrameDeltaInset,
                                                        dy: kProgressLayerFrameDeltaInset),
                                     startAngle: -90,
                                     endAngle: 270,
                                     clockwise: true).cgPath
    }

    lazy var progressLayer: CAShapeLayer = {
        let layer = createProgressLayer()
        layer.strokeColor = UIColor.blue.cgColor
        layer.strokeEnd = progress
        layer.zPosition = kProgressZPosition
        self.layer.addSublayer(layer)
        return layer
    }()

    lazy var backgroundProgressLayer: CAShapeLayer = {
        let layer = createProgressLayer()
        layer.strokeColor = UIColor.gray.cgColor
        layer.strokeEnd = 1
        layer.zPosition = kBackgroundProgressZPosition
        self.layer.addSublayer(layer)
        return layer
    }()

    private func createProgressLayer() -> CAShapeLayer {
        let layer = CAShapeLayer()
        layer.frame = bounds
        layer.fillColor = nil
        layer.lineWidth = kProgressLayerWidth
        layer.path = progressLayerPath
        layer.strokeStart = 0
        return layer
    }

    private func setup() {
        backgroundColor = .clear
        layer.cornerRadius = bounds.height / 2
        layer.setValue(progress, forKey: kProgressKeyPath)
        _ = progressLayer
        _ = backgroundProgressLayer
    }

    override func layoutSublayers(of layer: CALayer) {
        super.layoutSublayers(of: layer)
        if layer.isEqual(self.layer) {
            updateOvalPaths()
        }
    }

    private func updateOvalPaths() {
        layer.cornerRadius = bounds.width / 2
        progressLayer.path = progressLayerPath
        backgroundProgressLayer.path = progressLayerPath
    }

    override func action(for layer: CALayer, forKey event: String) -> CAAction? {
        if event == kProgressKeyPath {
            CATransaction.begin()
            CATransaction.setValue(kCFBooleanTrue, forKey: kCATransactionDisableActions)
            progressLayer.strokeEnd = progress
            CATransaction.commit()
            if let action = action(for: layer, forKey: kBackgroundColorKeyPath) as? CAAnimation,
                let currentProgress = layer.value(forKey: event) as? CGFloat {
                let targetProgress = progress
                let animation = CABasicAnimation(keyPath: kStrokeEndKeyPath)
                animation.copyAnimation(from: action)
                animation.fromValue = currentProgress
                animation.toValue = targetProgress
                progressLayer.add(animation, forKey: kChangeProgressAnimationKey)
            }
        }
        return super.action(for: layer, forKey: event)
    }
}

extension UIBezierPath {
    static func ovalPath(in rect: CGRect, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) -> UIBezierPath {
        if rect.equalTo(.zero) { return UIBezierPath(rect: .zero) }

        let isCircle = rect.size.width == rect.size.height
        let ovalPath = UIBezierPath()
        ovalPath.addArc(withCenter: isCircle ? CGPoint(x: rect.midX, y: rect.midY) : .zero,
                        radius: rect.width / 2.0,
                        startAngle: startAngle * CGFloat.pi / 180.0,
                        endAngle: endAngle * CGFloat.pi / 180.0,
                        clockwise: clockwise)
        if (!isCircle) {
            let ovalTransform = CGAffineTransform(translationX: rect.midX, y: rect.midY)
            _ = ovalTransform.scaledBy(x: 1, y: rect.height / rect.width)
            ovalPath.apply(ovalTransform)
        }
        return ovalPath
    }
}

extension CABasicAnimation {

    func copyAnimation(from animation: CAAnimation) {
        beginTime = animation.beginTime
        duration = animation.duration
        speed = animation.speed
        timeOffset = animation.timeOffset
        repeatCount = animation.repeatCount
        repeatDuration = animation.repeatDuration
        autoreverses = animation.autoreverses
        fillMode = animation.fillMode
        timingFunction = animation.timingFunction
        delegate = animation.delegate
        isRemovedOnCompletion = animation.isRemovedOnCompletion
    }
}

@Suite(.isolatedEngine) struct Seed003ProgressTests {
    @Test func progressInheritsTheBlocksDurationAndCurve() {
        let st = ViewStage()
        let progressView = CircularProgressView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        st.show(progressView)
        var finished: Bool?
        UIView.animate(withDuration: 1, animations: { progressView.progress = 0.8 }, completion: { finished = $0 })
        let a = progressView.progressLayer.animation(forKey: kChangeProgressAnimationKey) as? CABasicAnimation
        #expect(a?.duration == 1)
        #expect(a?.timingFunction == CAMediaTimingFunction(name: .easeInEaseOut))
        #expect(a?.fromValue as? CGFloat == 0)          // the old progress: asked before the value changed
        #expect(progressView.progressLayer.strokeEnd == 0.8)
        st.frame(0)
        st.frame(0.25)
        let expected = 0.8 * eased(.easeInEaseOut, 0.25)
        #expect(isNear(Double(progressView.progressLayer.presentedShape.strokeEnd), expected, 1e-6))
        #expect(finished == nil)                         // waits for the borrowed strokeEnd animation
        st.frame(0.99)
        #expect(finished == nil)
        st.frame(1)
        #expect(isNear(Double(progressView.progressLayer.presentedShape.strokeEnd), 0.8, 1e-9))
        #expect(finished == true)                        // the copied delegate reported back to the block
    }

    @Test func outsideABlockProgressJumps() {
        let st = ViewStage()
        let progressView = CircularProgressView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        st.show(progressView)
        progressView.progress = 0.5
        #expect(progressView.progressLayer.animation(forKey: kChangeProgressAnimationKey) == nil)
        #expect(progressView.progressLayer.animation(forKey: kStrokeEndKeyPath) == nil)
        st.frame(0.1)
        #expect(progressView.progressLayer.presentedShape.strokeEnd == 0.5)
    }

    @Test func layoutSublayersOverrideRunsInTheLayoutPhase() {
        let st = ViewStage()
        let progressView = CircularProgressView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        st.show(progressView)
        UIView.performWithoutAnimation { progressView.bounds = CGRect(x: 0, y: 0, width: 160, height: 160) }
        st.frame(0.1)
        #expect(progressView.layer.cornerRadius == 80)
        #expect(isNear(progressView.progressLayer.path?.boundingBoxOfPath.width ?? 0, 160 - 38, 1e-6))
    }
}

import Foundation
import Layers

extension UIView {
    /// Options of `UIView.animate` (UIKit's `UIView.AnimationOptions`, same raw values).
    public struct AnimationOptions: OptionSet, Hashable, Sendable {
        /// The option bits, UIKit's values (curves in bits 16…19, transitions in 20…23).
        public let rawValue: UInt
        /// Options from UIKit's raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Lays out the views changed in the block, so their subviews animate with them.
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        /// Views being animated keep receiving touches (by default they get none until the block ends).
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Start from the value on screen when the property is already animating. Flipbook always
        /// does (retargeting is seamless, as on iOS 8 and later); the option is accepted.
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Repeat forever.
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Run backwards after each forward run; effective together with `.repeat`, as documented by Apple.
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        /// In a nested block, use this block's duration instead of the enclosing one's.
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        /// In a nested block, use this block's curve instead of the enclosing one's.
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        /// Accepted for UIKit code; content is redrawn as it changes anyway.
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        /// A transition between views hides and shows them instead of removing and adding.
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        /// A nested block ignores the curve and options of the block around it.
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)

        /// The default curve: cubic-bezier(0.42, 0, 0.58, 1).
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        /// cubic-bezier(0.42, 0, 1, 1).
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        /// cubic-bezier(0, 0, 0.58, 1).
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        /// Constant speed.
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        /// The view turns about its vertical axis, its left edge coming towards you.
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        /// The view turns about its vertical axis, its right edge coming towards you.
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        /// The old view curls up from the bottom like a page.
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        /// The new view curls down from the top like a page.
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        /// The old view fades into the new.
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        /// The view turns about its horizontal axis, its top edge coming towards you.
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        /// The view turns about its horizontal axis, its bottom edge coming towards you.
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)

        /// The timing function of the curve bits (16…19).
        var timingFunction: CAMediaTimingFunction {
            switch (rawValue >> 16) & 0xF {
            case 1: return CAMediaTimingFunction(name: .easeIn)
            case 2: return CAMediaTimingFunction(name: .easeOut)
            case 3: return CAMediaTimingFunction(name: .linear)
            default: return CAMediaTimingFunction(name: .easeInEaseOut)
            }
        }
    }

    /// Options of `animateKeyframes` (UIKit's `UIView.KeyframeAnimationOptions`, same raw values).
    public struct KeyframeAnimationOptions: OptionSet, Hashable, Sendable {
        /// The option bits, UIKit's values; bits 0…9 mean what the same bits of `AnimationOptions` mean,
        /// bits 10…12 pick the calculation mode.
        public let rawValue: UInt
        /// Options from UIKit's raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Lays out the views changed in the block, so their subviews animate with them
        /// (`AnimationOptions.layoutSubviews`).
        public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
        /// Views being animated keep receiving touches (`AnimationOptions.allowUserInteraction`).
        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
        /// Accepted; Flipbook always starts from the value on screen (`AnimationOptions.beginFromCurrentState`).
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        /// Repeat the keyframe sequence forever.
        public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
        /// Run the sequence backwards after each forward run; effective together with `.repeat`.
        public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
        /// In a nested block, use this block's duration instead of the enclosing one's.
        public static let overrideInheritedDuration = KeyframeAnimationOptions(rawValue: 1 << 5)
        /// A nested block ignores the curve and options of the block around it.
        public static let overrideInheritedOptions = KeyframeAnimationOptions(rawValue: 1 << 9)
        /// Straight segments between keyframes (the default). The other modes are Core Animation's
        /// keyframe calculation modes, passed to the `CAKeyframeAnimation`s the block makes.
        public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
        /// Jumps from keyframe to keyframe.
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        /// Even speed over the whole path, ignoring keyframe times.
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        /// A smooth Catmull-Rom curve through the keyframes.
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        /// A smooth curve through the keyframes at even speed.
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)

        var calculationMode: CAAnimationCalculationMode {
            switch (rawValue >> 10) & 0x7 {
            case 1: return .discrete
            case 2: return .paced
            case 3: return .cubic
            case 4: return .cubicPaced
            default: return .linear
            }
        }
        /// The animation options with the same meaning (the low bits are shared).
        var animationOptions: AnimationOptions { AnimationOptions(rawValue: rawValue & 0x3FF) }
    }
}

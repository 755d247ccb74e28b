import Foundation
import Raster

/// A colour space (Core Graphics' `CGColorSpace`). Flipbook draws in sRGB only: every space is
/// device RGB, kept so that ported code compiles and passes one where Core Graphics wants it.
public final class CGColorSpace: @unchecked Sendable {
    /// The space's name (`CGColorSpace.sRGB` and the others map to device RGB).
    public let name: String
    /// A space by name; every name gives the device RGB space.
    public init?(name: String) { self.name = name }
    init() { name = "kCGColorSpaceDeviceRGB" }
    /// Core Graphics' name for sRGB.
    public static let sRGB = "kCGColorSpaceSRGB"
    /// Core Graphics' name for the generic RGB space.
    public static let genericRGBLinear = "kCGColorSpaceGenericRGBLinear"
    /// Components per colour (3).
    public var numberOfComponents: Int { 3 }
}

/// The device RGB colour space (sRGB here), as Core Graphics' function.
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace() }

/// Whether a gradient also paints before its start and after its end (Core Graphics'
/// `CGGradientDrawingOptions`, the same raw values). Default: neither.
public struct CGGradientDrawingOptions: OptionSet, Sendable {
    /// Core Graphics' bits.
    public let rawValue: UInt32
    /// Options from Core Graphics' bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The start colour fills the side before the start.
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1)
    /// The end colour fills the side after the end.
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 2)
}

/// A colour ramp (Core Graphics' `CGGradient`): colours at locations in 0…1, interpolated in
/// straight sRGB. Drawn by `CGContext.drawLinearGradient` and `drawRadialGradient`.
public final class CGGradient: @unchecked Sendable {
    /// The colours, one per location.
    public let colors: [CGColor]
    /// Locations in 0…1 (ascending), one per colour.
    public let locations: [CGFloat]

    /// A gradient of `colors` at `locations` (nil: evenly spaced from 0 to 1). Nil when there are
    /// no colours, or the locations' count differs. iOS code passes `colors` `as CFArray`: drop
    /// the cast. Non-finite locations become 0; locations are clamped to 0…1 and sorted with their colours.
    public init?(colorsSpace space: CGColorSpace?, colors: [CGColor], locations: [CGFloat]?) {
        guard !colors.isEmpty, locations == nil || locations?.count == colors.count else { return nil }
        let locs = locations ?? colors.indices.map { colors.count == 1 ? 0 : CGFloat($0) / CGFloat(colors.count - 1) }
        let pairs = zip(locs.map { $0.isFinite ? max(0, min(1, $0)) : 0 }, colors).enumerated()
            .sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element)
        self.locations = pairs.map(\.0)
        self.colors = pairs.map(\.1)
    }

    /// A gradient from `count` colours of four components each (red, green, blue, alpha) at
    /// `locations` (nil: evenly spaced). Nil for a count under 1 or missing components.
    public convenience init?(colorSpace space: CGColorSpace, colorComponents components: [CGFloat], locations: [CGFloat]?, count: Int) {
        guard count >= 1, components.count >= count * 4 else { return nil }
        let colors = (0..<count).map { CGColor(red: components[4 * $0], green: components[4 * $0 + 1], blue: components[4 * $0 + 2],
                                               alpha: components[4 * $0 + 3]) }
        self.init(colorsSpace: space, colors: colors, locations: locations.map { Array($0.prefix(count)) })
    }
}

extension CGContext {
    /// The extent far past any bitmap that stands for "everywhere" in a gradient's region.
    private static let farAway = 1e6

    /// Fills the clip with a linear gradient: colours vary along `start → end` (user space) and
    /// are constant across it. Without options only the band between the lines through `start`
    /// and `end` across the axis is painted; each option extends one end colour to infinity.
    /// Equal points paint nothing.
    public func drawLinearGradient(_ gradient: CGGradient, start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions) {
        let s = Point(start), e = Point(end)
        let d = Point(e.x - s.x, e.y - s.y)
        let len = (d.x * d.x + d.y * d.y).squareRoot()
        guard clipIsOpen, len > 0, len.isFinite, s.x.isFinite, s.y.isFinite else { return }
        let u = Point(d.x / len, d.y / len), n = Point(-u.y * Self.farAway, u.x * Self.farAway)
        let before = options.contains(.drawsBeforeStartLocation) ? Self.farAway : 0
        let after = options.contains(.drawsAfterEndLocation) ? Self.farAway : 0
        let a = Point(s.x - u.x * before, s.y - u.y * before), b = Point(e.x + u.x * after, e.y + u.y * after)
        var region = Path()
        region.move(to: Point(a.x + n.x, a.y + n.y))
        region.line(to: Point(b.x + n.x, b.y + n.y))
        region.line(to: Point(b.x - n.x, b.y - n.y))
        region.line(to: Point(a.x - n.x, a.y - n.y))
        region.close()
        let ramp = Gradient(kind: .linear, colors: gradient.colors.map(\.rasterColor), locations: gradient.locations.map(Double.init),
                            startPoint: s, endPoint: e)
        fillGradient(region, rule: .nonZero, ramp)
    }

    /// Fills the clip with a radial gradient between two concentric circles: colour `t` on the
    /// circle of radius `startRadius + t·(endRadius − startRadius)`. Without options only the
    /// ring between the circles is painted; `.drawsBeforeStartLocation` also paints the start
    /// circle's side with the first colour, `.drawsAfterEndLocation` the end circle's with the last.
    ///
    /// Circles with different centres are Core Graphics' two-point gradient: each pixel takes the
    /// colour of the last circle between them (centre and radius interpolated, extended past the
    /// ends by the options) that passes through it; pixels no circle reaches stay as they are.
    /// Negative radii are taken as 0.
    public func drawRadialGradient(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint,
                                   endRadius: CGFloat, options: CGGradientDrawingOptions) {
        let r0 = Double(max(0, startRadius)), r1 = Double(max(0, endRadius))
        let c = Point(endCenter), c0 = Point(startCenter)
        guard clipIsOpen, r0.isFinite, r1.isFinite, c.x.isFinite, c.y.isFinite, c0.x.isFinite, c0.y.isFinite else { return }
        if startCenter != endCenter {
            var ramp = Gradient(kind: .twoPointRadial, colors: gradient.colors.map(\.rasterColor), locations: gradient.locations.map(Double.init),
                                startPoint: c0, endPoint: c)
            (ramp.startRadius, ramp.endRadius) = (r0, r1)
            (ramp.extendsStart, ramp.extendsEnd) = (options.contains(.drawsBeforeStartLocation), options.contains(.drawsAfterEndLocation))
            var everywhere = Path()
            everywhere.addRect(Rect(x: c.x - Self.farAway, y: c.y - Self.farAway, width: 2 * Self.farAway, height: 2 * Self.farAway))
            fillGradient(everywhere, rule: .nonZero, ramp)
            return
        }
        guard r0 != r1 || options.contains(.drawsAfterEndLocation) else { return }
        // Stops as radii, then as fractions of the largest: Raster's radial ramp runs from the
        // centre (0) to one radius (1).
        let radii = gradient.locations.map { r0 + Double($0) * (r1 - r0) }
        let outer = max(r0, r1)
        guard outer > 0 else { return }
        var stops = zip(radii, gradient.colors.map(\.rasterColor)).map { ($0.0 / outer, $0.1) }
        if r1 < r0 { stops.reverse() }
        let ramp = Gradient(kind: .radial, colors: stops.map(\.1), locations: stops.map(\.0), startPoint: c,
                            endPoint: Point(c.x + outer, c.y + outer))
        // The painted region: the outer side whole or up to its circle, less the inner circle
        // unless that side is drawn too (even-odd: a ring).
        let (innerRadius, innerDrawn, outerDrawn) = r1 >= r0
            ? (r0, options.contains(.drawsBeforeStartLocation), options.contains(.drawsAfterEndLocation))
            : (r1, options.contains(.drawsAfterEndLocation), options.contains(.drawsBeforeStartLocation))
        var region = Path()
        if outerDrawn {
            region.addRect(Rect(x: c.x - Self.farAway, y: c.y - Self.farAway, width: 2 * Self.farAway, height: 2 * Self.farAway))
        } else {
            region.addEllipse(in: Rect(x: c.x - outer, y: c.y - outer, width: 2 * outer, height: 2 * outer))
        }
        if !innerDrawn && innerRadius > 0 {
            region.addEllipse(in: Rect(x: c.x - innerRadius, y: c.y - innerRadius, width: 2 * innerRadius, height: 2 * innerRadius))
        }
        fillGradient(region, rule: .evenOdd, ramp)
    }

    /// Records a gradient fill of `region` (user space) through the clip, at the context's alpha.
    private func fillGradient(_ region: Path, rule: FillRule, _ ramp: Gradient) {
        drawingOperations += 1
        record(.fill(region, pathTransform: Transform(state.ctm), rule: rule, paint: .gradient(ramp), clip: state.clip?.id),
               opacity: Double(state.alpha))
    }
}

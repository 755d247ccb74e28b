import Foundation
import Testing
import TestSupport
@testable import Layers
import Raster

/// The table of layer properties: every reader and writer by key goes through it, so its rows
/// must be complete, each row must reach its own field and only that one, and key-value coding
/// must behave as on iOS.
@Suite(.isolatedEngine) struct LayerPropertyTests {
    /// A value of each property unlike the default and unlike the other rows' test values.
    func distinct(_ row: LayerProperty, _ i: Int) -> AnimationValue {
        let n = CGFloat(i + 2)
        switch row.kind {
        case .point: return .point(CGPoint(x: n, y: n + 0.5))
        case .rect: return .rect(CGRect(x: n, y: -n, width: n * 3, height: n * 4))
        case .size: return .size(CGSize(width: n, height: -n))
        case .transform: return .transform(CATransform3DMakeTranslation(n, 2 * n, 0))
        case .bool: return .bool(true)
        case .color: return .other(AnyInterpolatable(CGColor(red: 0.25, green: 0.5, blue: n / 20, alpha: 0.75)))
        case .contents: return .other(AnyInterpolatable(LayerContents(CGImage(bitmap: Bitmap(width: i + 1, height: 1)!))))
        default: return .number(Double(n) / 32)
        }
    }

    @Test func rowsHaveTheirBitAndEveryBasePropertyKeyHasARow() {
        for (i, row) in LayerProperty.all.enumerated() {
            #expect(row.field.rawValue == 1 << i, "\(row.name)")
            #expect(AnimationKeyPath(row.name) == row.key && LayerProperty.row(for: row.key)?.name == row.name)
        }
        let base: Set<String> = ["position", "bounds", "anchorPoint", "zPosition", "opacity", "hidden", "transform", "sublayerTransform",
                                 "cornerRadius", "borderWidth", "borderColor", "backgroundColor",
                                 "shadowOpacity", "shadowRadius", "shadowOffset", "shadowColor",
                                 // CAReplicatorLayer's, in LayerValues.replicator
                                 "instanceTransform", "instanceDelay", "instanceColor", "instanceRedOffset", "instanceGreenOffset",
                                 "instanceBlueOffset", "instanceAlphaOffset",
                                 "contents", "contentsRect", "contentsCenter",
                                 // CAEmitterLayer's, in LayerValues.emitter
                                 "birthRate", "lifetime", "emitterPosition", "emitterZPosition", "emitterSize", "emitterDepth",
                                 "velocity", "scale", "spin"]
        #expect(Set(LayerProperty.all.map(\.name)) == base)
        // Every named key path whose property is one of them reads a value, the others none.
        for key in AnimationKeyPath.allNamed {
            let hasRow = base.contains(key.property.description)
            #expect((LayerValues().value(for: key) != nil) == hasRow, "\(key)")
        }
    }

    @Test func eachRowWritesReadsAndRestoresItsOwnFieldOnly() {
        let defaults = LayerValues()
        for (i, row) in LayerProperty.all.enumerated() {
            var v = LayerValues()
            let value = distinct(row, i)
            row.write(&v, value)
            #expect(row.read(v) == value, "\(row.name)")
            for other in LayerProperty.all where other.name != row.name {
                #expect(other.read(v) == other.read(defaults), "writing \(row.name) changed \(other.name)")
            }
            #expect(!row.isDefault(v) && row.isDefault(defaults))
            var restored = LayerValues()
            row.restore(&restored, v)
            #expect(restored == v, "\(row.name)")
            // A value of another kind changes nothing.
            var untouched = LayerValues()
            row.write(&untouched, row.kind == .number ? .point(.zero) : .number(3))
            #expect(untouched == defaults, "\(row.name) took a value of another kind")
        }
    }

    @Test func restoringFieldsCopiesOnlyThoseFromTheModel() {
        let layer = CALayer()
        layer.position = CGPoint(x: 10, y: 20)
        layer.shadowOffset = CGSize(width: 4, height: 5)
        layer.borderColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.presented = LayerValues()
        let fields = [AnimationKeyPath.position, .shadowOffset].compactMap { LayerProperty.row(for: $0)?.field }
        layer.restorePresented(LayerValues.Fields(fields))
        #expect(layer.presented.position == CGPoint(x: 10, y: 20) && layer.presented.shadowOffset == CGSize(width: 4, height: 5))
        #expect(layer.presented.borderColor == .black)
        layer.restorePresented(.other)
        #expect(layer.presented == layer.modelValues)
    }

    /// The animate phase's direct writes come from the rows: every stored scalar or point row, and
    /// every number or point part of one, writes through its bytes exactly what the row's own write
    /// (through its key path) writes, and touches only its row's bit.
    @Test func directWritesFollowTheRows() {
        var direct = 0
        for (i, row) in LayerProperty.all.enumerated() {
            let field = DirectField(row.key)
            // Stored Float/CGFloat/Double/CGPoint fields of LayerValues itself are written directly;
            // the replicator's and emitter's live out of line and take the general path.
            let stored = [AnimationValueKind.number, .point].contains(row.kind) && !row.name.hasPrefix("instance")
                && !row.key.isEmitterKey
            #expect((field != nil) == stored, "\(row.name)")
            guard let field else { continue }
            direct += 1
            #expect(field.fields == row.field)
            var byRow = LayerValues(), byBytes = LayerValues()
            switch distinct(row, i) {
            case .number(let n):
                row.write(&byRow, .number(n))
                field.write(n, into: &byBytes)
            case .point(let p):
                row.write(&byRow, .point(p))
                field.write(p, into: &byBytes)
            default:
                Issue.record("\(row.name): a direct field of kind \(row.kind)")
            }
            #expect(byRow == byBytes, "\(row.name)")
        }
        // position, anchorPoint, opacity, zPosition, cornerRadius, borderWidth, shadowOpacity, shadowRadius
        #expect(direct == 8)
        let parts: [(AnimationKeyPath, AnimationValue)] = [
            (.positionX, .number(3)), (.positionY, .number(-4)), (.anchorPointX, .number(0.25)), (.anchorPointY, .number(0.75)),
            (.boundsOrigin, .point(CGPoint(x: 5, y: 6))), (.boundsOriginX, .number(7)), (.boundsOriginY, .number(8)),
            (.boundsSizeWidth, .number(90)), (.boundsSizeHeight, .number(100)),
        ]
        for (key, value) in parts {
            let field = DirectField(key)
            #expect(field?.fields == LayerProperty.row(for: key.property)?.field, "\(key)")
            var byPath = LayerValues(), byBytes = LayerValues()
            byPath.set(value, for: key)
            switch value {
            case .number(let n): field?.write(n, into: &byBytes)
            case .point(let p): field?.write(p, into: &byBytes)
            default: break
            }
            #expect(byPath == byBytes && byPath != LayerValues(), "\(key)")
        }
        // Parts that are neither a scalar nor a point take the general path.
        #expect(DirectField(.boundsSize) == nil && DirectField(.transform(.scale)) == nil && DirectField(.strokeEnd) == nil)
    }

    @Test func presentedValuesBySubPath() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 1, y: 2, width: 30, height: 40)
        layer.transform = CATransform3DMakeRotation(0.5, 0, 0, 1)
        layer.presented = layer.modelValues
        #expect(layer.presentedValue(for: .boundsSizeHeight) == .number(40))
        #expect(layer.presentedValue(for: .boundsOrigin) == .point(CGPoint(x: 1, y: 2)))
        #expect(abs((layer.presentedValue(for: .transform(.rotationZ))?.number ?? 0) - 0.5) < 1e-12)
        layer.setPresentedValue(.number(7), for: .positionY)
        layer.setPresentedValue(.number(2), for: .transform(.scale))
        #expect(layer.presented.position == CGPoint(x: 0, y: 7))
        #expect(abs((layer.presentedValue(for: .transform(.scaleX))?.number ?? 0) - 2) < 1e-12)
        #expect(layer.presentedValue(for: .anchorPointZ) == nil && layer.presentedValue(for: .shadowPath) == nil)
    }

    @Test func keyValueCodingReachesLayerPropertiesAsOnIOS() {
        let engine = CAEngine.current
        let layer = CALayer()
        layer.setValue(0.25, forKey: "opacity")
        layer.setValue(CGPoint(x: 3, y: 4), forKey: "position")
        layer.setValue(CGColor(red: 0, green: 0, blue: 1, alpha: 1), forKey: "backgroundColor")
        #expect(layer.opacity == 0.25 && layer.position == CGPoint(x: 3, y: 4) && layer.backgroundColor?.blue == 1)
        #expect(layer.value(forKey: "opacity") as? Float == 0.25)
        #expect(layer.value(forKey: "position") as? CGPoint == CGPoint(x: 3, y: 4))
        layer.setValue(nil, forKey: "backgroundColor")
        #expect(layer.backgroundColor == nil)
        layer.setValue(0.3, forKeyPath: "transform.rotation.z")
        #expect(abs((layer.value(forKeyPath: "transform.rotation.z") as? CGFloat ?? 0) - 0.3) < 1e-12)
        layer.setValue(9, forKeyPath: "position.x")
        #expect(layer.position == CGPoint(x: 9, y: 4) && layer.value(forKeyPath: "position.x") as? CGFloat == 9)
        // Custom keys keep working beside them.
        layer.setValue(0.5, forKey: "progress")
        #expect(layer.value(forKey: "progress") as? Double == 0.5)
        // Values of the wrong type are refused in one line and change nothing.
        layer.setValue("wide", forKey: "position")
        layer.setValue(CGPoint.zero, forKeyPath: "bounds.size.width")
        #expect(layer.position == CGPoint(x: 9, y: 4) && layer.bounds.width == 0)
        #expect(engine.diagnostics.count == 2)
        #expect(engine.diagnostics.first == "setValue(_:forKey: \"position\"): String is not a point value; a CALayer is unchanged")
    }

    @Test func keyValueCodingRunsTheImplicitAction() {
        let layer = CALayer()
        TreeFrames.frame(layer, at: 0)
        layer.setValue(0.5, forKey: "opacity")
        #expect(layer.animation(forKey: "opacity") != nil)
    }

    @Test func traceFollowsTheTable() {
        let layer = CALayer()
        layer.name = "card"
        layer.shadowOpacity = 0.5
        layer.cornerRadius = 4
        TreeFrames.frame(layer, at: 0)
        let names = layer.tracedValues().map(\.0)
        #expect(names == ["position", "bounds", "anchorPoint", "opacity", "cornerRadius", "shadowOpacity"])
        #expect(layer.tracedValues().last?.1 == .number(0.5))
    }
}

// Seed 001's Core Graphics views (Flo), ported by mechanical edits only: `import UIKit` became the
// imports below. `@IBDesignable` / `@IBInspectable` stay: Swift accepts them on Linux and they
// mean nothing here, as outside Interface Builder.
import Foundation
import Layers
import Raster
import TestSupport
import Testing
@testable import Views

@IBDesignable
class PushButton: UIButton {

    private struct Constants {
        static let plusLineWidth: CGFloat = 3.0
        static let plusButtonScale: CGFloat = 0.6
        static let halfPointShift: CGFloat = 0.5
    }

    private var halfWidth: CGFloat {
        return bounds.width / 2
    }

    private var halfHeight: CGFloat {
        return bounds.height / 2
    }

    @IBInspectable var fillColor: UIColor = UIColor.green
    @IBInspectable var isAddButton: Bool = true

    override func draw(_ rect: CGRect) {
        let path = UIBezierPath(ovalIn: rect)
        fillColor.setFill()
        path.fill()

        //set up the width and height variables
        //for the horizontal stroke
        let plusWidth: CGFloat = min(bounds.width, bounds.height) * Constants.plusButtonScale
        let halfPlusWidth = plusWidth / 2

        //create the path
        let plusPath = UIBezierPath()

        //set the path's line width to the height of the stroke
        plusPath.lineWidth = Constants.plusLineWidth

        //move the initial point of the path
        //to the start of the horizontal stroke
        plusPath.move(to: CGPoint(
            x: halfWidth - halfPlusWidth + Constants.halfPointShift,
            y: halfHeight + Constants.halfPointShift))

        //add a point to the path at the end of the stroke
        plusPath.addLine(to: CGPoint(
            x: halfWidth + halfPlusWidth + Constants.halfPointShift,
            y: halfHeight + Constants.halfPointShift))

        if isAddButton {
            //move the initial point of the path
            //to the start of the vertical stroke
            plusPath.move(to: CGPoint(
                x: halfWidth + Constants.halfPointShift,
                y: halfHeight - halfPlusWidth + Constants.halfPointShift))

            //add the end point to the vertical stroke
            plusPath.addLine(to: CGPoint(
                x: halfWidth + Constants.halfPointShift,
                y: halfHeight + halfPlusWidth + Constants.halfPointShift))
        }

        //set the stroke color
        UIColor.white.setStroke()

        //draw the stroke
        plusPath.stroke()
    }
}

@IBDesignable class CounterView: UIView {

    private struct Constants {
        static let numberOfGlasses = 8
        static let lineWidth: CGFloat = 5.0
        static let arcWidth: CGFloat = 76

        static var halfOfLineWidth: CGFloat {
            return lineWidth / 2
        }
    }

    @IBInspectable var counter: Int = 5
    @IBInspectable var outlineColor: UIColor = UIColor.blue
    @IBInspectable var counterColor: UIColor = UIColor.orange

    override func draw(_ rect: CGRect) {
        // 1
        let center = CGPoint(x: bounds.width / 2, y: bounds.height / 2)

        // 2
        let radius: CGFloat = max(bounds.width, bounds.height)

        // 3
        let startAngle: CGFloat = 3 * .pi / 4
        let endAngle: CGFloat = .pi / 4

        // 4
        let path = UIBezierPath(arcCenter: center,
                                radius: radius/2 - Constants.arcWidth/2,
                                startAngle: startAngle,
                                endAngle: endAngle,
                                clockwise: true)

        // 5
        path.lineWidth = Constants.arcWidth
        counterColor.setStroke()
        path.stroke()

        //Draw the outline

        //1 - first calculate the difference between the two angles
        //ensuring it is positive
        let angleDifference: CGFloat = 2 * .pi - startAngle + endAngle
        //then calculate the arc for each single glass
        let arcLengthPerGlass = angleDifference / CGFloat(Constants.numberOfGlasses)
        //then multiply out by the actual glasses drunk
        let outlineEndAngle = arcLengthPerGlass * CGFloat(counter) + startAngle

        //2 - draw the outer arc
        let outlinePath = UIBezierPath(arcCenter: center,
                                       radius: bounds.width/2 - Constants.halfOfLineWidth,
                                       startAngle: startAngle,
                                       endAngle: outlineEndAngle,
                                       clockwise: true)

        //3 - draw the inner arc
        outlinePath.addArc(withCenter: center,
                          radius: bounds.width/2 - Constants.arcWidth + Constants.halfOfLineWidth,
                          startAngle: outlineEndAngle,
                          endAngle: startAngle,
                          clockwise: false)

        //4 - close the path
        outlinePath.close()

        outlineColor.setStroke()
        outlinePath.lineWidth = Constants.lineWidth
        outlinePath.stroke()
    }
}

@Suite(.isolatedEngine) struct Seed001DrawingTests {
    @Test func pushButtonsDrawTheirOvalAndSign() {
        let st = ViewStage(240, 130)
        st.window.backgroundColor = UIColor(white: 0.95, alpha: 1)
        let add = PushButton(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
        let sub = PushButton(frame: CGRect(x: 130, y: 20, width: 90, height: 90))
        sub.fillColor = UIColor(red: 0.94, green: 0.31, blue: 0.24, alpha: 1)
        sub.isAddButton = false
        st.window.addSubview(add)
        st.window.addSubview(sub)
        #expect(Snapshot.verify(st.render(at: 0), named: "pushButtons") == nil)
    }

    @Test func counterViewDrawsTheArcAndTheOutline() {
        let st = ViewStage(230, 230)
        st.window.backgroundColor = .white
        let counter = CounterView(frame: CGRect(x: 0, y: 0, width: 230, height: 230))
        st.window.addSubview(counter)
        #expect(Snapshot.verify(st.render(at: 0), named: "counterView") == nil)
        // A new count redraws after setNeedsDisplay, as in Flo.
        counter.counter = 2
        counter.setNeedsDisplay()
        #expect(Snapshot.verify(st.render(at: 0.1), named: "counterView-2") == nil)
    }

    @Test func aViewWithoutDrawingCachesNothing() {
        let st = ViewStage(50, 50)
        let plain = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        st.window.addSubview(plain)
        _ = st.render(at: 0)
        #expect(!plain.drawsOwnContent)
        #expect(!plain.layer.drawsContent)
    }

    @Test func drawingIsRedoneOnlyWhenAsked() {
        final class Counting: UIView {
            var draws = 0
            override func draw(_ rect: CGRect) { draws += 1; UIColor.red.setFill(); UIBezierPath(rect: rect).fill() }
        }
        let st = ViewStage(50, 50)
        let v = Counting(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        st.window.addSubview(v)
        _ = st.render(at: 0)
        _ = st.render(at: 0.1)
        #expect(v.draws == 1)
        v.setNeedsDisplay()
        _ = st.render(at: 0.2)
        #expect(v.draws == 2)
        UIView.performWithoutAnimation { v.center = CGPoint(x: 30, y: 30) }  // moving does not redraw
        _ = st.render(at: 0.3)
        #expect(v.draws == 2)
    }
}

@Suite(.isolatedEngine) struct Seed001HiDPITests {
    @Test func counterViewAtScale2() {
        let st = ViewStage(230, 230)   // the seed's arcWidth 76 needs a 230-point view
        st.window.backgroundColor = .white
        let counter = CounterView(frame: CGRect(x: 0, y: 0, width: 230, height: 230))
        counter.counter = 7
        st.window.addSubview(counter)
        #expect(Snapshot.verify(st.render(at: 0, scale: 2), named: "counterView-scale2") == nil)
    }
}

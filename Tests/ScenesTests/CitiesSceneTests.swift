import Flipbook
import FlipbookTesting
import Foundation
import FlipbookResources
import FrameLoop
@testable import Scenes
import Testing
import TestSupport

/// The cities scene at 640×360 driven by docs/scripts/cities.script through the frame loop.
@Suite(.isolatedEngine) struct CitiesSceneTests {
    static func controller(_ d: SceneTester) -> CitiesScene { d.scene as! CitiesScene }
    static func script() throws -> InputScript {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/scripts/cities.script")
        return try InputScript.parse(String(contentsOf: url, encoding: .utf8), file: "cities.script")
    }
    static func cell(_ d: SceneTester, _ item: Int) -> CityCell? {
        controller(d).collectionView.cellForItem(at: IndexPath(item: item, section: 0)) as? CityCell
    }

    @Test func aTapExpandsTheCardOverThreeTenthsOfASecondAndLocksTheScroller() throws {
        let d = try SceneTester(scene: "cities", width: 640, height: 360)
        d.play(try Self.script())
        d.advance(to: 0.3)
        let card = try #require(Self.cell(d, 0))
        let start = card.frame
        d.advance(to: 0.5)
        #expect(card.animator.isRunning && card.frame.width == 640)      // the model is at the end at once
        d.advance(to: 0.8)
        #expect(card.state == .expanded && card.layer.presentation()!.bounds.width == 640)
        #expect(!Self.controller(d).collectionView.isScrollEnabled && card.layer.cornerRadius == 0)
        #expect(start.width < 640)
    }

    @Test func aDragDownCollapsesAndAFlingLandsOnACard() throws {
        let d = try SceneTester(scene: "cities", width: 640, height: 360)
        d.play(try Self.script())
        d.advance(to: 1.9)
        let card = try #require(Self.cell(d, 0))
        #expect(card.state == .collapsed && card.animator.state == .inactive && Self.controller(d).collectionView.isScrollEnabled)
        d.advance(to: 3.1)
        let c = Self.controller(d)
        let pitch = c.cardSize.width + c.layout.minimumLineSpacing
        let page = c.collectionView.contentOffset.x / pitch
        #expect(page >= 1 && page == page.rounded() && !c.collectionView.isDecelerating)
    }

    @Test func theDPadFocusesCardsAndSelectExpandsOne() throws {
        let d = try SceneTester(scene: "cities", width: 640, height: 360)
        d.send([.key(.right, isDown: true)], at: 0.3)
        d.advance(to: 0.3)
        d.send([.key(.right, isDown: true)], at: 0.6)
        d.advance(to: 0.6)
        let second = try #require(Self.cell(d, 1))
        #expect(second.isFocused && second.transform.a > 1)
        d.send([.key(.enter, isDown: true)], at: 0.9)
        d.advance(to: 0.9)
        d.send([.key(.enter, isDown: false)], at: 0.95)
        d.advance(to: 0.95)
        d.advance(to: 1.4)
        #expect(second.state == .expanded && second.frame.width == 640 && second.transform == .identity)
    }

    @Test(arguments: [0.5, 1.2, 2.25, 3.5])
    func golden(_ t: Double) throws {
        let d = try SceneTester(scene: "cities", width: 640, height: 360)
        d.play(try Self.script())
        d.advance(to: t)
        d.assertSnapshot(named: "cities-\(t)")
    }
}

/// The city pictures are resources of the package (Resources/Cities, made by `city-images`).
@Suite(.isolatedEngine) struct CityPictureTests {
    static func controller(_ d: SceneTester) -> CitiesScene { d.scene as! CitiesScene }
    @Test func everyCardShowsItsPictureFromTheBundle() throws {
        let d = try SceneTester(scene: "cities", width: 640, height: 360)
        d.advance(to: 0.1)
        let c = Self.controller(d)
        let cards = c.collectionView.visibleCells.compactMap { $0 as? CityCell }
        #expect(!cards.isEmpty)
        for card in cards {
            let image = try #require(card.picture.image?.cgImage)
            #expect(image.width == 960 && image.height == 720)
            #expect(card.picture.layer.contents as? CGImage === image)
        }
        for city in CitiesScene.cities {
            #expect(UIImage(named: "Cities/" + city.picture, in: FlipbookResources.bundle, compatibleWith: nil) != nil, "\(city.picture)")
        }
    }
}

import Flipbook
import Foundation
import FlipbookResources
import Host
@testable import Scenes
import Testing
import TestSupport

/// The cities scene at 640×360 driven by docs/scripts/cities.script through the frame loop.
@Suite(.isolatedEngine) struct CitiesSceneTests {
    static func controller(_ d: SceneDriver) -> CitiesScene { d.stage.scene as! CitiesScene }
    static func script() throws -> InputScript {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/scripts/cities.script")
        return try InputScript.parse(String(contentsOf: url, encoding: .utf8), file: "cities.script")
    }
    static func cell(_ d: SceneDriver, _ item: Int) -> CityCell? {
        controller(d).collectionView.cellForItem(at: IndexPath(item: item, section: 0)) as? CityCell
    }

    @Test func aTapExpandsTheCardOverThreeTenthsOfASecondAndLocksTheScroller() throws {
        let d = try SceneDriver("cities", width: 640, height: 360)
        let script = try Self.script()
        d.play(script, to: 0.3)
        let card = try #require(Self.cell(d, 0))
        let start = card.frame
        d.play(script, to: 0.5)
        #expect(card.animator.isRunning && card.frame.width == 640)      // the model is at the end at once
        d.play(script, to: 0.8)
        #expect(card.state == .expanded && card.layer.presentation()!.bounds.width == 640)
        #expect(!Self.controller(d).collectionView.isScrollEnabled && card.layer.cornerRadius == 0)
        #expect(start.width < 640)
    }

    @Test func aDragDownCollapsesAndAFlingLandsOnACard() throws {
        let d = try SceneDriver("cities", width: 640, height: 360)
        let script = try Self.script()
        d.play(script, to: 1.9)
        let card = try #require(Self.cell(d, 0))
        #expect(card.state == .collapsed && card.animator.state == .inactive && Self.controller(d).collectionView.isScrollEnabled)
        d.play(script, to: 3.1)
        let c = Self.controller(d)
        let pitch = c.cardSize.width + c.layout.minimumLineSpacing
        let page = c.collectionView.contentOffset.x / pitch
        #expect(page >= 1 && page == page.rounded() && !c.collectionView.isDecelerating)
    }

    @Test func theDPadFocusesCardsAndSelectExpandsOne() throws {
        let d = try SceneDriver("cities", width: 640, height: 360)
        d.run(to: 0.3, events: [.key(.right, isDown: true)])
        d.run(to: 0.6, events: [.key(.right, isDown: true)])
        let second = try #require(Self.cell(d, 1))
        #expect(second.isFocused && second.transform.a > 1)
        d.run(to: 0.9, events: [.key(.enter, isDown: true)])
        d.run(to: 0.95, events: [.key(.enter, isDown: false)])
        d.run(to: 1.4)
        #expect(second.state == .expanded && second.frame.width == 640 && second.transform == .identity)
    }

    @Test(arguments: [0.5, 1.2, 2.25, 3.5])
    func golden(_ t: Double) throws {
        let d = try SceneDriver("cities", width: 640, height: 360)
        d.play(try Self.script(), to: t)
        #expect(Snapshot.verify(d.bitmap, named: "cities-\(t)") == nil)
    }
}

/// The city pictures are resources of the package (Resources/Cities, made by `city-images`).
@Suite(.isolatedEngine) struct CityPictureTests {
    @Test func everyCardShowsItsPictureFromTheBundle() throws {
        let d = try SceneDriver("cities", width: 640, height: 360)
        d.run(to: 0.1)
        let c = d.stage.scene as! CitiesScene
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

public struct Polygons: Sendable { public var points: [Point] = []; public var contourEnds: [Int] = []; public init() {} }

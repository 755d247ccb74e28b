import Raster

/// Points sampled along every element of a path (`perElement` samples each, ends included).
func samplePoints(_ path: Path, perElement: Int = 16) -> [Point] {
    var result: [Point] = []
    var current = Point.zero, start = Point.zero
    for e in path.elements {
        switch e {
        case .move(let p): current = p; start = p; result.append(p)
        case .line(let p):
            for i in 1 ... perElement { result.append(current.lerp(p, Double(i) / Double(perElement))) }
            current = p
        case .quad(let c, let p):
            for i in 1 ... perElement {
                let t = Double(i) / Double(perElement), u = 1 - t
                result.append(current * (u * u) + c * (2 * u * t) + p * (t * t))
            }
            current = p
        case .cubic(let c1, let c2, let p):
            for i in 1 ... perElement {
                let t = Double(i) / Double(perElement), u = 1 - t
                result.append(current * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t))
            }
            current = p
        case .close: current = start
        }
    }
    return result
}

/// The end point of the last drawing element (what `strokeEnd` reaches).
func lastPoint(_ path: Path) -> Point? { path.currentPoint }

/// The first point of the path.
func firstPoint(_ path: Path) -> Point? {
    if case .move(let p)? = path.elements.first { return p }
    return nil
}

func near(_ a: Point, _ b: Point, _ eps: Double) -> Bool { a.distance(to: b) <= eps }

// solver-bench: times LayoutSolver on a constraint set from a JSON file (bench/solver_compare.py
// writes it and runs kiwisolver on the same set). Prints one JSON object: the median first solve
// and edit times in seconds and the solved values, in variable order.
//
// Usage: solver-bench SET.json [RUNS] [EDITS]
import Foundation
import LayoutSolver

struct Spec {
    let variables: Int
    let constraints: [(terms: [(Int, Double)], relation: Relation, constant: Double, priority: Double)]
    let editVariable: Int
    let editPriority: Double
    let editValues: [Double]

    init(path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let variables = root["variables"] as? Int,
              let list = root["constraints"] as? [[String: Any]],
              let edit = root["edit"] as? [String: Any] else { throw CocoaError(.fileReadCorruptFile) }
        self.variables = variables
        constraints = try list.map { c in
            guard let terms = c["terms"] as? [[Double]], let op = c["op"] as? String,
                  let constant = c["constant"] as? Double, let priority = c["priority"] as? Double else {
                throw CocoaError(.fileReadCorruptFile)
            }
            let relation: Relation = op == "==" ? .equal : op == "<=" ? .lessOrEqual : .greaterOrEqual
            return (terms.map { (Int($0[0]), $0[1]) }, relation, constant, priority)
        }
        editVariable = edit["variable"] as? Int ?? 0
        editPriority = edit["priority"] as? Double ?? 999
        editValues = edit["values"] as? [Double] ?? [20]
    }

    func make() -> ([Variable], [Constraint]) {
        let vs = (0..<variables).map { Variable("v\($0)") }
        let cs = constraints.map { c in
            Constraint(Expression(c.terms.map { Term(vs[$0.0], $0.1) }, constant: c.constant), c.relation,
                       strength: Strength(c.priority))
        }
        return (vs, cs)
    }
}

/// This thread's CPU time: on a machine shared with other builds, time spent descheduled is not
/// the solver's (bench/solver_compare.py times kiwisolver the same way, `time.thread_time`).
func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

let args = CommandLine.arguments
guard args.count >= 2 else {
    FileHandle.standardError.write("usage: solver-bench SET.json [RUNS] [EDITS]\n".data(using: .utf8)!)
    exit(2)
}
do {
    let spec = try Spec(path: args[1])
    let runs = args.count > 2 ? Int(args[2]) ?? 50 : 50
    let edits = args.count > 3 ? Int(args[3]) ?? 2000 : 2000
    var first: [Double] = []
    var solver = Solver()
    var variables: [Variable] = []
    for _ in 0..<runs {
        let (vs, cs) = spec.make()
        let t0 = now()
        let s = Solver()
        for c in cs { try s.addConstraint(c) }
        try s.addEditVariable(vs[spec.editVariable], strength: Strength(spec.editPriority))
        try s.suggestValue(20, for: vs[spec.editVariable])
        s.updateVariables()
        first.append(now() - t0)
        solver = s
        variables = vs
    }
    let edited = variables[spec.editVariable]
    var editTimes: [Double] = []
    editTimes.reserveCapacity(edits)
    for i in 0..<edits {
        let t0 = now()
        try solver.suggestValue(spec.editValues[i % spec.editValues.count], for: edited)
        solver.updateVariables()
        editTimes.append(now() - t0)
    }
    try solver.suggestValue(20, for: edited)
    solver.updateVariables()
    let out: [String: Any] = ["first": median(first), "edit": median(editTimes), "values": variables.map(\.value)]
    print(String(data: try JSONSerialization.data(withJSONObject: out), encoding: .utf8)!)
} catch {
    FileHandle.standardError.write("solver-bench: \(error)\n".data(using: .utf8)!)
    exit(1)
}

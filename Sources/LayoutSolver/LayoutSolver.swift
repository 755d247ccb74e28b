// LayoutSolver — the module's table of contents.
//
// An incremental Cassowary solver (Badros, Borning and Stuckey, 2001) for linear equalities and
// inequalities with priorities, the base of Views' Auto Layout. Standard library only and no UIKit
// names; deterministic (the same constraints in the same order give the same values: storage is
// arrays indexed by symbol id). Every priority below required is a lexicographic level of its own,
// as UIKit's: one 750 beats any number of 250s.
//
// The API
//   Variable.swift              an unknown the solver finds a value for
//   Expression.swift            terms and linear expressions, with operators
//   Constraint.swift            a relation (==, <=, >=) between two sides, with a strength
//   Strength.swift              required, or a priority 1…999 (the lexicographic scheme)
//   Solver.swift                add, remove, change a constant, values; the public face over the tableau
//   Solver+Edit.swift           edit variables: a value that changes without rebuilding the tableau
//   SolverError.swift           why a request was refused (the solver is left as it was)
//
// The tableau
//   Tableau.swift               the whole state as one value: symbols, rows, column index, objective
//   Tableau+Rows.swift          storage: symbols, rows in slots, the column index, substitutions
//   Tableau+Constraints.swift   a constraint becomes a row with its marker symbols; removal
//   Tableau+Edit.swift          edit rows and suggested values (dual simplex)
//   Tableau+Constant.swift      a held constraint's constant changed in place (its marker substituted)
//   Tableau+Simplex.swift       primal and dual simplex over the lexicographic objective
//   Row.swift                   what a symbol stands for, which decides how the simplex may move it

package ast

import (
	"fmt"
	"strings"
)

// StmtName names the kind of statement s for messages: "GO TO",
// "arithmetic IF", "SELECT CASE", "WHERE", "FORALL", else the upper-case
// type name with " statement" ("ALLOCATE statement", "IO statement").
func StmtName(s Stmt) string {
	n := fmt.Sprintf("%T", s)
	n = strings.TrimPrefix(n, "*ast.")
	n = strings.TrimSuffix(n, "Stmt")
	switch n {
	case "Goto", "ComputedGoto":
		return "GO TO"
	case "AssignedGoto":
		return "assigned GO TO"
	case "LabelAssign":
		return "ASSIGN statement"
	case "ArithIf":
		return "arithmetic IF"
	case "SelectCase":
		return "SELECT CASE"
	case "SelectType":
		return "SELECT TYPE construct"
	case "Where", "WhereConstruct":
		return "WHERE"
	case "Forall", "ForallConstruct":
		return "FORALL"
	case "AssociateConstruct":
		return "ASSOCIATE construct"
	case "BlockConstruct":
		return "BLOCK construct"
	}
	return strings.ToUpper(n) + " statement"
}

package parser

// skipSubmodule skips the statements of a SUBMODULE, reported not
// supported at its header, through its END SUBMODULE: its separate
// module procedures (`module procedure step`) are not parsed as the
// procedures of a module, whose errors would bury the one message that
// says what is rejected. A submodule closed by a bare END runs to the end
// of the file (nothing more is reported).
func (p *parser) skipSubmodule() {
	for !p.atEOF() {
		end := p.cls == clsEnd && p.endKw == "submodule"
		p.nextStmt()
		if end {
			return
		}
	}
}

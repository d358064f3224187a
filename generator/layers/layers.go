// Package layers declares how fadj's packages may import one another;
// its test enforces it, as Go's own go/build/deps_test.go does for the
// standard library. It has no code.
//
// From the bottom up:
//
//	input       reading files, size-checked (nothing of fadj)
//	front end   source, diag, fortran/{token,ast,scanner,parser,printer}, sema
//	config      the spec (source, diag, input)
//	load        running the front end over files
//	intrinsic   the facts about intrinsic functions (sema)
//	loops       locating the DO loops a spec names (the front end)
//	plan        the reversal plan (config, loops, the front end)
//	inline      rewrites of the loaded program (the front end)
//	restructure GO TO loops, computed and assigned GO TOs as constructs (the front end)
//	analysis/…  the analyses (the above but the printer and load)
//	ad/…        the transformations (the above but the printer, load and input)
//	runtime     the Fortran runtime, embedded (nothing of fadj)
//	driver, check, explain, cli, bazelgen, …  the tools on top
package layers

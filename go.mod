module github.com/fadj-dev/fadj

go 1.26.8

require github.com/rogpeppe/go-internal v1.16.0 // indirect

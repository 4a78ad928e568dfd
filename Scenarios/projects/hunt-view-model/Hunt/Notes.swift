// excluded from the target
let broken: Int = "not compiled"

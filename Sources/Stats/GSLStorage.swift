internal import CGSL

/// An owned `gsl_matrix` (freed on deinit), so that every exit path of a computation releases it.
final class GSLMatrix {
    let pointer: UnsafeMutablePointer<gsl_matrix>

    init(rows: Int, columns: Int) throws(StatsError) {
        GSLRuntime.ensureReady()
        guard rows > 0, columns > 0, let pointer = gsl_matrix_alloc(rows, columns) else {
            throw .gsl(
                operation: "gsl_matrix_alloc", status: Int(GSL_ENOMEM),
                reason: "cannot allocate a \(rows)×\(columns) matrix")
        }
        self.pointer = pointer
    }

    deinit { gsl_matrix_free(pointer) }
}

/// An owned `gsl_vector` (freed on deinit).
final class GSLVector {
    let pointer: UnsafeMutablePointer<gsl_vector>

    init(count: Int) throws(StatsError) {
        GSLRuntime.ensureReady()
        guard count > 0, let pointer = gsl_vector_alloc(count) else {
            throw .gsl(
                operation: "gsl_vector_alloc", status: Int(GSL_ENOMEM),
                reason: "cannot allocate a vector of \(count)")
        }
        self.pointer = pointer
    }

    deinit { gsl_vector_free(pointer) }

    /// Copies `values` (exactly `count` of them) into the vector.
    func set(_ values: [Double]) {
        for (i, value) in values.enumerated() { gsl_vector_set(pointer, i, value) }
    }

    /// The vector's elements.
    var values: [Double] {
        (0..<pointer.pointee.size).map { gsl_vector_get(pointer, $0) }
    }
}

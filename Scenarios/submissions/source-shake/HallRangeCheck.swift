import CoreLocation

// A team's collection check: within 50 m of the hall on two fixes in a row whose accuracy is 25 m or better;
// leaving needs a fix beyond 60 m.

struct HallRangeCheck {
    let halls: [CLLocation]
    private var closeFixes: [Int]
    private var inRange: [Bool]

    init(halls coordinates: [CLLocationCoordinate2D]) {
        halls = coordinates.map { CLLocation(latitude: $0.latitude, longitude: $0.longitude) }
        closeFixes = Array(repeating: 0, count: coordinates.count)
        inRange = Array(repeating: false, count: coordinates.count)
    }

    /// `locationManager(_:didUpdateLocations:)` calls this with each new location.
    mutating func update(_ location: CLLocation) {
        for i in halls.indices {
            let d = location.distance(from: halls[i])
            if inRange[i] {
                if d > 60 { inRange[i] = false; closeFixes[i] = 0 }
            } else if d < 50 && location.horizontalAccuracy <= 25 {
                closeFixes[i] += 1
                if closeFixes[i] >= 2 { inRange[i] = true }
            } else {
                closeFixes[i] = 0
            }
        }
    }

    func canCollect(_ hall: Int) -> Bool { hall >= 0 && hall < inRange.count && inRange[hall] }
}

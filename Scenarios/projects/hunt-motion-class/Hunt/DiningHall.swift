import CoreLocation

struct DiningHall: Identifiable {
    let id = UUID()
    let name: String
    let coordinate: CLLocationCoordinate2D
}

let halls: [DiningHall] = [
    DiningHall(name: "1920 Commons", coordinate: CLLocationCoordinate2D(latitude: 39.95248, longitude: -75.19938)),
    DiningHall(name: "Pret A Manger", coordinate: CLLocationCoordinate2D(latitude: 39.95263, longitude: -75.19848)),
]

import CoreLocation

struct DiningHall: Identifiable {
    let id = UUID()
    let name: String
    let coordinate: CLLocationCoordinate2D
}

let halls: [DiningHall] = [
    DiningHall(name: "1920 Commons", coordinate: CLLocationCoordinate2D(latitude: 39.95248, longitude: -75.19938)),
    DiningHall(name: "Accenture Café", coordinate: CLLocationCoordinate2D(latitude: 39.95202, longitude: -75.19135)),
    DiningHall(name: "Falk Kosher Dining", coordinate: CLLocationCoordinate2D(latitude: 39.95314, longitude: -75.20015)),
    DiningHall(name: "Hill House", coordinate: CLLocationCoordinate2D(latitude: 39.95300, longitude: -75.19071)),
    DiningHall(name: "Houston Market", coordinate: CLLocationCoordinate2D(latitude: 39.95091, longitude: -75.19388)),
    DiningHall(name: "Joe's Café", coordinate: CLLocationCoordinate2D(latitude: 39.95156, longitude: -75.19652)),
    DiningHall(name: "Kings Court English House", coordinate: CLLocationCoordinate2D(latitude: 39.95416, longitude: -75.19418)),
    DiningHall(name: "Lauder College House", coordinate: CLLocationCoordinate2D(latitude: 39.95382, longitude: -75.19108)),
    DiningHall(name: "McClelland Express", coordinate: CLLocationCoordinate2D(latitude: 39.95107, longitude: -75.19839)),
    DiningHall(name: "Pret A Manger", coordinate: CLLocationCoordinate2D(latitude: 39.95263, longitude: -75.19848)),
    DiningHall(name: "Quaker Kitchen", coordinate: CLLocationCoordinate2D(latitude: 39.95354, longitude: -75.20198)),
]

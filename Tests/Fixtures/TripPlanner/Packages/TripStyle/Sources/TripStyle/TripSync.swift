import Foundation

/// Fetches the shared trip list. Written as Swift 6 code that builds against Apple's Foundation:
/// the completion handler, which is not `Sendable`, is captured by the one `URLSession` takes.
public enum TripSync {
    public static func fetch(_ url: URL, completion: @escaping (Result<Data, Error>) -> Void) {
        let task = URLSession.shared.dataTask(with: url) { data, _, error in
            if let data {
                completion(.success(data))
            } else {
                completion(.failure(error ?? URLError(.unknown)))
            }
        }
        task.resume()
    }
}

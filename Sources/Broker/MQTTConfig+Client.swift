import LockScreenModel
import Providers

extension MQTTConfig {
    /// The client's options, with the password read from its file.
    package func clientOptions() throws(MQTTClient.Failure) -> MQTTClient.Options {
        var options = MQTTClient.Options(host: host, port: port, tls: tls, clientID: clientID)
        options.username = username
        options.caFile = caFile
        options.protocolVersion = protocolVersion
        options.will = (availabilityTopic, "offline")
        if let passwordFile {
            do { options.password = try SecretFile.text(of: passwordFile) } catch {
                throw MQTTClient.Failure(description: "the password file: \(error)")
            }
        }
        return options
    }
}

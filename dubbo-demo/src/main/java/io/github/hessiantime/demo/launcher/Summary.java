package io.github.hessiantime.demo.launcher;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.github.hessiantime.demo.consumer.Payload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What one demo run observed, written as JSON ({@code --summary=file.json}) for {@code DemoIT} and scripts; the
 * console tables are printed from the same object. It records observations only: judging them is DemoIT's job.
 *
 * @param error        why the run stopped early, or null if it ran to the end
 * @param providers    the provider JVMs, as each described itself in its ready line
 * @param routes       each way the consumer called a provider (named after the provider), with what the frame
 *                     headers showed
 * @param qos          what the QoS command hessian2Time answered over telnet, per JVM
 */
public record Summary(String dubboVersion, int javaFeature, String callThreads, double seconds, String error,
                      List<Provider> providers, List<Route> routes, Map<String, String> qos) {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** A provider JVM: its pid, whether it could load hessian-time's classes, what its dubbo protocol advertises. */
    public record Provider(String label, long pid, String host, boolean hessianTimeOnClasspath,
                           String preferSerialization) {
    }

    /**
     * One route: {@code serializations} are the names of the ids seen in the frame headers (one name when every
     * request and its response used the same id); bytes are per call, whole frames including the 16-byte header.
     */
    public record Route(String name, List<String> serializations, long calls, long requestFrames, long different,
                        long failed, String firstProblem, Map<Payload, Bytes> bytesPerCall) {
    }

    public record Bytes(double request, double response) {
    }

    public long calls() {
        return routes.stream().mapToLong(Route::calls).sum();
    }

    public long different() {
        return routes.stream().mapToLong(Route::different).sum();
    }

    public long failed() {
        return routes.stream().mapToLong(Route::failed).sum();
    }

    /** Whether the run got to the end and every value came back equal. */
    public boolean completedWithEqualValues() {
        return error == null && !routes.isEmpty() && different() == 0 && failed() == 0;
    }

    public Route route(String name) {
        return routes.stream().filter(route -> route.name.equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no route " + name + " in " + routes));
    }

    public void write(Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        JSON.writeValue(file.toFile(), this);
    }

    public static Summary read(Path file) throws IOException {
        return JSON.readValue(file.toFile(), Summary.class);
    }
}

package io.github.hessiantime.demo.launcher;

import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;

import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.util.Map;

/** The ZooKeeper registry of the demo: an external one if given and reachable, else an embedded one on loopback. */
final class Registry {

    private Registry() {
    }

    /** The registry's URL; an embedded ZooKeeper is handed to {@code cleanup}, which stops it at the end. */
    static String start(String external, Cleanup cleanup) throws Exception {
        if (external != null) {
            return reachable(external);
        }
        File data = Files.createTempDirectory("hessian-time-demo-zookeeper-").toFile();
        InstanceSpec loopbackOnly = new InstanceSpec(data, -1, -1, -1, true, 1, -1, -1,
                Map.of("clientPortAddress", "127.0.0.1"), "127.0.0.1");
        TestingServer server = cleanup.track(new TestingServer(loopbackOnly, true));
        System.out.println("  embedded ZooKeeper at 127.0.0.1:" + server.getPort()
                + " (use --zookeeper=host:port for an external one)");
        return "zookeeper://127.0.0.1:" + server.getPort();
    }

    /** Checks first that something listens at {@code hostPort}, so an unreachable one stops the demo with why. */
    private static String reachable(String hostPort) {
        String[] parts = hostPort.split(":");
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(parts[0], Integer.parseInt(parts[1])), 3000);
        } catch (IOException | RuntimeException e) {
            throw new DemoStopped("cannot reach the ZooKeeper at '" + hostPort + "' (" + e + ")");
        }
        System.out.println("  external ZooKeeper at " + hostPort);
        return "zookeeper://" + hostPort;
    }
}

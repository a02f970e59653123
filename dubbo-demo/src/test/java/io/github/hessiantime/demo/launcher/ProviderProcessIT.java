package io.github.hessiantime.demo.launcher;

import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Launcher's recovery when another process takes a provider's port between choosing and binding it. */
class ProviderProcessIT {

    @Test
    void aProviderWhosePortIsTakenIsRecognisedAndStartsAgainOnAnotherPort() throws Exception {
        Path logs = Files.createDirectories(Paths.get(System.getProperty("demo.work"), "port-taken-logs"));
        String classpath = System.getProperty("demo.classes") + java.io.File.pathSeparator
                + Files.readString(Paths.get(System.getProperty("demo.classpathFile"))).trim();
        InstanceSpec loopbackOnly = new InstanceSpec(Files.createTempDirectory(logs, "zookeeper").toFile(), -1, -1, -1,
                true, 1, -1, -1, Map.of("clientPortAddress", "127.0.0.1"), "127.0.0.1");
        try (TestingServer zookeeper = new TestingServer(loopbackOnly, true);
             ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) { // where it would bind
            String registry = "zookeeper://127.0.0.1:" + zookeeper.getPort();

            ProviderProcess unlucky = ProviderProcess.start("unlucky", true, classpath, registry, logs,
                    taken.getLocalPort());
            ProviderProcess again;
            try {
                assertTrue(unlucky.awaitReady(120, TimeUnit.SECONDS), "the provider neither started nor ended");
                assertNull(unlucky.readyLine());
                assertTrue(unlucky.lostItsPort(), unlucky.logTail(30));
            } finally {
                unlucky.close();
            }

            again = unlucky.startAgain(logs);
            try {
                assertTrue(again.awaitReady(120, TimeUnit.SECONDS), "no answer from the provider started again");
                assertNotNull(again.readyLine(), again.logTail(30));
                assertFalse(again.lostItsPort());
            } finally {
                again.close();
            }
        }
    }
}

package io.github.hessiantime.demo.launcher;

import io.github.hessiantime.testsupport.ChildJvm;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Launcher's recovery when another process takes a provider's port between choosing and binding it. */
class ProviderJvmIT {

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

            ProviderJvm unlucky = ProviderJvm.start("unlucky", true, classpath, registry, logs, taken.getLocalPort());
            try {
                ChildJvm.Answer answer = unlucky.awaitReady(120_000);
                assertFalse(answer.ok(), "the provider cannot have started: " + answer);
                assertTrue(unlucky.lostItsPort(), Files.readString(unlucky.log));
            } finally {
                unlucky.close();
            }

            ProviderJvm again = unlucky.startAgain(logs);
            try {
                ChildJvm.Answer answer = again.awaitReady(120_000);
                assertTrue(answer.ok(), answer + "\n" + Files.readString(again.log));
                assertEquals("unlucky", answer.value("name"));
                assertNotEquals(Integer.toString(taken.getLocalPort()), answer.value("port"));
            } finally {
                again.close();
            }
        }
    }
}

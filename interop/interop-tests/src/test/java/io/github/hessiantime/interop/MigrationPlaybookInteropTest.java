package io.github.hessiantime.interop;

import io.github.hessiantime.testsupport.ChildJvm;
import io.github.hessiantime.testsupport.DubboFrameTap;
import io.github.hessiantime.testsupport.FrameCounts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/dubbo.md, "Moving a DTO field from Date to LocalDateTime in a running fleet", end to end (issue 24): two peer
 * JVMs of module {@code peer-migration} (Dubbo 3.3.6 with the jar, {@code dubbo.application.hessian2-time.zone} set),
 * one with version 1 of the DTO ({@code Order.placedAt} a {@code Date}) and one with version 2 (the same field a
 * {@code LocalDateTime}), both running, each providing the order service and calling the other's at the same time,
 * through frame taps. Every call goes over {@code hessian2-time} (id 26) both ways; every order arrives holding the
 * moment in its reader's type: the Date's instant, or its wall clock in the configured zone.
 */
class MigrationPlaybookInteropTest {
    private static final String ZONE = "Asia/Shanghai";
    private static final int CALLS = 60;
    private static final long TIMEOUT = 90_000;

    @Test
    void aVersion1AndAVersion2PeerCallEachOtherOverHessian2TimeWithTheMomentRight(@TempDir Path v2Classes)
            throws Exception {
        Path module = Paths.get(System.getProperty("interop.peers"), "peer-migration");
        String base = module.resolve("target/classes") + File.pathSeparator
                + Files.readString(module.resolve("target/classpath.txt")).trim();
        compileVersion2(module.resolve("src/v2/java/io/github/hessiantime/migration/Order.java"), v2Classes);
        try (DubboFrameTap v1Tap = DubboFrameTap.inFrontOfAlias("migration-v1");
             DubboFrameTap v2Tap = DubboFrameTap.inFrontOfAlias("migration-v2");
             ChildJvm v1 = start("migration-v1", base, v1Tap);
             ChildJvm v2 = start("migration-v2", v2Classes + File.pathSeparator + base, v2Tap)) {
            for (ChildJvm peer : List.of(v1, v2)) {
                assertTrue(peer.awaitLine(TIMEOUT).ok(), peer + " did not start");
                peer.ok("provide", TIMEOUT);
            }
            assertTrue(v1.ok("version", TIMEOUT).line().contains("java.util.Date"));
            assertTrue(v2.ok("version", TIMEOUT).line().contains("java.time.LocalDateTime"));
            v1.ok("consume " + v2Tap.port(), TIMEOUT);
            v2.ok("consume " + v1Tap.port(), TIMEOUT);

            // both directions at once: v1 -> v2 and v2 -> v1
            CompletableFuture<ChildJvm.Answer> fromV1 = CompletableFuture.supplyAsync(() -> call(v1));
            CompletableFuture<ChildJvm.Answer> fromV2 = CompletableFuture.supplyAsync(() -> call(v2));
            for (ChildJvm.Answer answer : List.of(fromV1.get(TIMEOUT, TimeUnit.MILLISECONDS),
                    fromV2.get(TIMEOUT, TimeUnit.MILLISECONDS))) {
                assertEquals(CALLS, answer.longValue("right"), answer.toString());
                assertEquals(0, answer.longValue("failed"), answer.toString());
            }
            for (ChildJvm peer : List.of(v1, v2)) {
                ChildJvm.Answer served = peer.ok("served", TIMEOUT);
                assertEquals(CALLS, served.longValue("served"), peer + ": " + served);
                assertEquals(CALLS, served.longValue("right"), peer + ": " + served);
            }
            for (DubboFrameTap tap : List.of(v1Tap, v2Tap)) {
                FrameCounts counts = tap.counts();
                assertEquals(26, counts.onlySerializationId(), tap + ": " + counts);
                assertEquals(CALLS, counts.totalRequests(), tap + ": " + counts);
                assertEquals(0, counts.responsesInAnotherFormat(), tap + ": " + counts);
            }
            v1.exit("exit", TIMEOUT);
            v2.exit("exit", TIMEOUT);
        }
    }

    private static ChildJvm.Answer call(ChildJvm peer) {
        try {
            return peer.ok("call " + CALLS, TIMEOUT);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private static ChildJvm start(String name, String classpath, DubboFrameTap tap) throws Exception {
        List<String> options = new ArrayList<>(List.of("-XX:TieredStopAtLevel=1", "-Xshare:auto", "-Xmx256m",
                "-XX:+UseSerialGC", "-Djava.net.preferIPv4Stack=true", "-Ddubbo.application.qos-enable=false",
                "-Ddubbo.application.logger=jdk", "-Ddubbo.service.shutdown.wait=3000",
                // the playbook's one setting: the zone both versions' local date-times mean
                "-Ddubbo.application.hessian2-time.zone=" + ZONE,
                "-Dmigration.registeredHost=" + DubboFrameTap.REGISTERED_HOST));
        return ChildJvm.launch("io.github.hessiantime.migration.MigrationPeer").classpath(classpath).jvmArgs(options)
                .args(name, Integer.toString(tap.port()), DubboFrameTap.PROVIDER_ALIAS_HOST)
                .log(Paths.get(System.getProperty("interop.logs"), name + ".log")).start(name);
    }

    /** Version 2 of the DTO, compiled from the module's src/v2/java into a directory of its own. */
    private static void compileVersion2(Path source, Path output) {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        int status = compiler.run(null, null, null, "--release", "8", "-d", output.toString(), source.toString());
        assertEquals(0, status, "compiling " + source);
    }
}

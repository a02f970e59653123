package io.github.hessiantime.interop;

import io.github.hessiantime.interop.Peer.Flavour;
import io.github.hessiantime.testsupport.DubboFrameTap;
import io.github.hessiantime.testsupport.FrameCounts;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static io.github.hessiantime.interop.Peer.CALLS;
import static io.github.hessiantime.interop.Peer.STARTUP;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 16: every class-security setting an operator gives Dubbo's hessian2 applies to hessian2-time too, from the
 * same properties. One provider JVM per setting (3.3.6 + jar and 3.2.16 + jar) calls itself through a frame tap,
 * over id 26 (a direct URL carrying {@code prefer.serialization=hessian2-time,hessian2}) and over id 2 (a second
 * service without it), sending a class that must pass and one that must be refused; both serializations must give
 * that verdict. Every class is sent over hessian2-time before any over hessian2, so no setting
 * reaches hessian2-time through hessian2's factories (which register their patterns with Dubbo's shared
 * {@code SerializeSecurityManager} when they are created).
 * The classes live in package {@code verdict}, which shares no prefix with the service interface (Dubbo trusts the
 * interface's package automatically).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SecuritySettingsInteropTest {

    /** One setting: JVM options, list files to put on the class path, the classes that must pass and be refused. */
    record Setting(String name, List<String> options, Map<String, String> listFiles, List<String> pass,
                   List<String> refuse) {
        @Override
        public String toString() {
            return name;
        }
    }

    static final String LISTED = "verdict.Listed";
    static final String UNLISTED = "verdict.Unlisted";
    static final String DENIED = "verdict.Denied";
    static final String NOT_SERIALIZABLE = "verdict.NotSerializable";
    static final String STATUS = "-Ddubbo.application.serialize-check-status=";

    static final List<Setting> SETTINGS = List.of(
            new Setting("STRICT + allowlist file", List.of(STATUS + "STRICT"),
                    Map.of("security/serialize.allowlist", LISTED), List.of(LISTED), List.of(UNLISTED)),
            new Setting("WARN + blockedlist file", List.of(STATUS + "WARN"),
                    Map.of("security/serialize.blockedlist", DENIED), List.of(UNLISTED), List.of(DENIED)),
            new Setting("DISABLE", List.of(STATUS + "DISABLE"), Map.of(), List.of(UNLISTED, DENIED),
                    List.of(NOT_SERIALIZABLE)),
            // whitelist=true also makes the check STRICT unless a status is configured (a configured WARN wins);
            // so on 3.2.16, whose default is WARN, it is what refuses Unlisted
            new Setting("hessian2.whitelist=true + hessian2.allow", List.of(
                    "-Ddubbo.application.hessian2.whitelist=true", "-Ddubbo.application.hessian2.allow=" + LISTED),
                    Map.of(), List.of(LISTED), List.of(UNLISTED)),
            new Setting("hessian2.whitelist=false + hessian2.deny + allowNonSerializable", List.of(STATUS + "WARN",
                    "-Ddubbo.application.hessian2.whitelist=false", "-Ddubbo.application.hessian2.deny=" + DENIED,
                    "-Ddubbo.hessian.allowNonSerializable=true", "-Ddubbo.application.check-serializable=false"),
                    Map.of(), List.of(UNLISTED, NOT_SERIALIZABLE), List.of(DENIED)));

    static final List<Flavour> FLAVOURS = List.of(Flavour.NEW, Flavour.DUBBO_32_JAR);

    private final Map<String, Peer> peers = new LinkedHashMap<>();

    @BeforeAll
    void startOnePeerPerSetting(@TempDir Path dir) throws Exception {
        for (Flavour flavour : FLAVOURS) {
            for (Setting setting : SETTINGS) {
                String name = "security-" + flavour.module.replace("peer-", "") + "-" + (SETTINGS.indexOf(setting) + 1);
                Path lists = Files.createDirectories(dir.resolve(name));
                for (Map.Entry<String, String> file : setting.listFiles().entrySet()) {
                    Path path = lists.resolve(file.getKey());
                    Files.createDirectories(path.getParent());
                    Files.writeString(path, file.getValue() + "\n");
                }
                Peer peer = Peer.start(name, flavour, flavour.classpath() + File.pathSeparator + lists, false,
                        setting.options(), Map.of());
                peers.put(flavour + "/" + setting.name(), peer);
            }
        }
        for (Peer peer : peers.values()) {
            peer.awaitReady();
            peer.ok("provide time N/A " + MixedVersionInteropTest.PREFER, STARTUP);
            peer.ok("provide plain N/A -", STARTUP);
            String direct = "dubbo://" + DubboFrameTap.REGISTERED_HOST + ":" + peer.tap.port();
            peer.ok("consumeurl by26 time " + direct + "?prefer.serialization=" + MixedVersionInteropTest.PREFER,
                    STARTUP);
            peer.ok("consumeurl by2 plain " + direct, STARTUP);
        }
    }

    @AfterAll
    void stopPeers() throws IOException {
        for (Peer peer : peers.values()) {
            peer.close();
        }
    }

    static Stream<Arguments> everySetting() {
        List<Arguments> all = new ArrayList<>();
        for (Flavour flavour : FLAVOURS) {
            for (Setting setting : SETTINGS) {
                all.add(Arguments.of(flavour, setting));
            }
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("everySetting")
    void hessian2TimeGivesHessian2sVerdictForEverySecuritySetting(Flavour flavour, Setting setting) throws Exception {
        Peer peer = peers.get(flavour + "/" + setting.name());
        List<String> classes = new ArrayList<>(setting.refuse());
        classes.addAll(setting.pass());
        // every class over hessian2-time before any hessian2 stream runs, so only hessian2-time's own settings act
        Map<String, String> by26 = new LinkedHashMap<>();
        for (String className : classes) {
            by26.put(className, verdict(peer, "by26", className, MixedVersionInteropTest.HESSIAN2_TIME));
        }
        for (String className : classes) {
            String expected = setting.pass().contains(className) ? "passed" : "refused";
            String by2 = verdict(peer, "by2", className, MixedVersionInteropTest.HESSIAN2);
            System.out.printf("SECURITY | %s | %s | %s | id 26: %s | id 2: %s |%n", flavour.label, setting,
                    className, by26.get(className), by2);
            assertEquals(expected, by26.get(className), flavour + ", " + setting + ": " + className
                    + " over hessian2-time");
            assertEquals(expected, by2, flavour + ", " + setting + ": " + className + " over hessian2");
        }
    }

    /** Sends a {@code className} through {@code alias}; the verdict, after checking the frames' serialization id. */
    private static String verdict(Peer peer, String alias, String className, int serializationId) throws Exception {
        FrameCounts before = peer.tap.counts();
        String answer = peer.ok("verdict " + alias + " " + className, CALLS).line();
        FrameCounts seen = peer.tap.counts().minus(before);
        String verdict = answer.split("\\s+")[1].substring("verdict=".length());
        // a class refused when written never reaches the wire; everything that does is in the expected format
        assertTrue(Set.of(serializationId).containsAll(seen.requestFrames().keySet()), alias + ": " + seen);
        if ("passed".equals(verdict)) {
            assertEquals(1, seen.totalRequests(), alias + " " + className + ": " + seen);
        }
        return verdict;
    }
}

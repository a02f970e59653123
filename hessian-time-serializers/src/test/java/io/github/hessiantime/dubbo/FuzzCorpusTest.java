package io.github.hessiantime.dubbo;

import io.github.hessiantime.CraftedStream;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The fuzz targets' seeds reach what they are meant to: replaying a corpus of messages that are all refused would
 * pass and test nothing. The seeds of the golden vectors and of the DTO pages decode as values, and so do Triple's.
 * And the fuzzing's finding in hessian-time's code, spelled out.
 */
class FuzzCorpusTest {

    @Test
    void theGoldenVectorSeedsDecode() {
        List<byte[]> seeds = seeds(CompactValuesFuzzTest.class, "everyTypeReadUntypedAndTyped");
        assertTrue(seeds.size() > 300, seeds.size() + " seeds");
        long decoded = seeds.stream().filter(seed -> seed[0] / 15 % 3 == 0) // the ones read through Dubbo
                .filter(seed -> FuzzChecks.read(Arrays.copyOfRange(seed, 1, seed.length), null) != FuzzChecks.REFUSED)
                .count();
        long overDubbo = seeds.stream().filter(seed -> seed[0] / 15 % 3 == 0).count();
        assertEquals(overDubbo, decoded, "seeds read through Dubbo that decode");
    }

    @Test
    void mostPageSeedsDecode() {
        List<byte[]> seeds = seeds(StrictBeanPagesFuzzTest.class, "pagesOfBeansUnderStrict");
        List<String> refused = new ArrayList<>();
        for (byte[] seed : seeds) {
            Class<?> typed = StrictBeanPagesFuzzTest.TYPED[seed[0] % StrictBeanPagesFuzzTest.TYPED.length];
            try {
                DubboFramework.read(FuzzChecks.FRAMEWORK, FuzzChecks.URL, FuzzChecks.HESSIAN2_TIME,
                        Arrays.copyOfRange(seed, 1, seed.length), typed);
            } catch (IOException | ClassNotFoundException e) {
                refused.add(e.toString());
            }
        }
        long decoded = seeds.size() - refused.size();
        if (FuzzChecks.HESSIAN_LITE_3_2) {
            // hessian-lite 3.2.x cannot read an exception (one page of each writer) without java.base opened to it
            assertTrue(decoded >= seeds.size() * 95 / 100, decoded + " of " + seeds.size() + " decode: " + refused);
        } else {
            assertEquals(new ArrayList<String>(), refused, "seeds that do not decode");
        }
    }

    @Test
    void theTripleSeedsUnpack() throws Exception {
        for (byte[] seed : seeds(TripleWrapperFuzzTest.class, "wrapperRequestsAndResponses")) {
            if (FuzzChecks.HESSIAN_LITE_3_2 && (seed[0] & 2) != 0) {
                continue; // an exception: hessian-lite 3.2.x reads none without java.base opened to it
            }
            assertNotSame(FuzzChecks.REFUSED, TripleWrapperFuzzTest.unpack(Arrays.copyOfRange(seed, 1, seed.length),
                    (seed[0] & 1) != 0, (seed[0] & 2) != 0));
        }
    }

    /**
     * Finding 3 of docs/fuzzing.md: a class name that passes Dubbo's STRICT check by its prefix and that the JDK's class
     * loader refuses to define ({@code /} in it, where a class file exists for the name with dots) is an IOException
     * over hessian2-time; stock hessian2 lets the NoClassDefFoundError out.
     */
    @Test
    void aClassNameTheClassLoaderRefusesIsAnIOException() {
        byte[] message = new CraftedStream().object("com.alibaba.com.caucho.hessian.io.java8/LocalDateHandle", "date")
                .value(1L).bytes();
        assertThrows(IOException.class, () -> DubboFramework.read(FuzzChecks.FRAMEWORK, FuzzChecks.URL,
                FuzzChecks.HESSIAN2_TIME, message, null));
        if (!FuzzChecks.HESSIAN_LITE_3_2) {
            assertThrows(NoClassDefFoundError.class, () -> DubboFramework.read(FuzzChecks.FRAMEWORK, FuzzChecks.URL,
                    "hessian2", message, null));
        }
    }

    /** The {@code seed-*} inputs of a target's committed corpus. */
    private static List<byte[]> seeds(Class<?> target, String method) {
        URL dir = target.getResource(target.getSimpleName() + "Inputs/" + method);
        List<byte[]> seeds = new ArrayList<>();
        try (Stream<Path> files = Files.list(Paths.get(dir.toURI()))) {
            for (Path file : (Iterable<Path>) files.sorted()::iterator) {
                if (file.getFileName().toString().startsWith("seed-")) {
                    seeds.add(Files.readAllBytes(file));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        assertTrue(!seeds.isEmpty(), "no seeds for " + target.getSimpleName());
        return seeds;
    }
}

package io.github.hessiantime.dubbo;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The jar's SPI files: exactly the ones hessian2-time needs, none under an extension point that other Dubbo
 * extensions commonly register (a {@code Filter}: Sentinel's adapter ships one), and the check that switches
 * hessian2-time off, with one error naming the file and the fix, where one of them is missing (a shaded jar built
 * with maven-shade's defaults that kept another jar's file of the same name). Real shaded jars: {@code ShadedJarTest}.
 */
class SpiFilesTest {

    private static final Path CLASSES = Paths.get(System.getProperty("hessiantime.mainClasses"));

    @Test
    void theJarShipsExactlyTheCheckedFilesEachRegisteringItsExtension() throws IOException {
        Set<String> shipped;
        try (Stream<Path> files = Files.list(CLASSES.resolve("META-INF/dubbo"))) {
            shipped = files.map(file -> file.getFileName().toString()).collect(Collectors.toCollection(TreeSet::new));
        }
        Set<String> checked = Hessian2TimeSupport.SPI_FILES.stream().map(file -> file.get(0))
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(checked, shipped);
        assertTrue(!shipped.contains("org.apache.dubbo.rpc.Filter") && !shipped.contains("org.apache.dubbo.rpc"
                + ".ExporterListener") && !shipped.contains("org.apache.dubbo.rpc.InvokerListener"), shipped.toString());
        for (List<String> file : Hessian2TimeSupport.SPI_FILES) {
            String text = new String(Files.readAllBytes(CLASSES.resolve("META-INF/dubbo").resolve(file.get(0))),
                    StandardCharsets.UTF_8);
            assertTrue(text.trim().endsWith("=" + file.get(1)), file + ": " + text);
            assertTrue(Files.isRegularFile(CLASSES.resolve(file.get(1).replace('.', '/') + ".class")), file.get(1));
        }
        assertEquals(List.of(), Hessian2TimeSupport.missingSpiFiles(SpiFilesTest.class.getClassLoader()));
        assertTrue(Hessian2TimeSupport.UNAVAILABLE == null, "all present here: available");
    }

    @Test
    void aFileKeptFromAnotherJarInsteadOfOursIsReportedByNameWithTheFix(@TempDir Path shaded) throws IOException {
        // what maven-shade's defaults make of our files beside a jar that ships a Protocol file of its own, first
        for (List<String> file : Hessian2TimeSupport.SPI_FILES) {
            Path copy = shaded.resolve("META-INF/dubbo").resolve(file.get(0));
            Files.createDirectories(copy.getParent());
            Files.write(copy, Files.readAllBytes(CLASSES.resolve("META-INF/dubbo").resolve(file.get(0))));
        }
        Files.write(shaded.resolve("META-INF/dubbo/org.apache.dubbo.rpc.Protocol"),
                "other=com.example.OtherProtocolWrapper\n".getBytes(StandardCharsets.UTF_8));
        assertEquals(List.of("META-INF/dubbo/org.apache.dubbo.rpc.Protocol"), missing(shaded));
        String reason = Hessian2TimeSupport.missingSpiFilesReason(missing(shaded));
        assertTrue(reason.contains("META-INF/dubbo/org.apache.dubbo.rpc.Protocol")
                && reason.contains("AppendingTransformer") && reason.contains("keeps using hessian2"), reason);

        // merged as the AppendingTransformer merges: both lines, ours found
        Files.write(shaded.resolve("META-INF/dubbo/org.apache.dubbo.rpc.Protocol"), ("other=com.example.OtherProtocol"
                + "Wrapper\n# a comment\nhessian2-time=io.github.hessiantime.dubbo.Hessian2TimeProtocolWrapper\n")
                .getBytes(StandardCharsets.UTF_8));
        assertEquals(List.of(), missing(shaded));

        // Dubbo reads META-INF/services/ too: an entry merged there counts
        Files.delete(shaded.resolve("META-INF/dubbo/org.apache.dubbo.qos.api.BaseCommand"));
        assertEquals(List.of("META-INF/dubbo/org.apache.dubbo.qos.api.BaseCommand"), missing(shaded));
        Path services = Files.createDirectories(shaded.resolve("META-INF/services"));
        Files.write(services.resolve("org.apache.dubbo.qos.api.BaseCommand"),
                "hessian2Time = io.github.hessiantime.dubbo.Hessian2TimeCommand\n".getBytes(StandardCharsets.UTF_8));
        assertEquals(List.of(), missing(shaded));
    }

    private static List<String> missing(Path root) throws IOException {
        // no parent: only what this directory holds, not the test's own class path
        try (URLClassLoader loader = new URLClassLoader(new URL[] {root.toUri().toURL()}, null)) {
            return Hessian2TimeSupport.missingSpiFiles(loader);
        }
    }
}

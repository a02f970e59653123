package io.github.hessiantime.dubbo;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.hessiantime.HostileDtos;
import io.github.hessiantime.InlineShapes;

import java.util.Arrays;

/**
 * Coverage-guided fuzzing (Jazzer, docs/fuzzing.md) of pages of beans read through Dubbo's {@code hessian2-time}
 * Serialization SPI under STRICT class checks, as a provider reads a request: hessian-time's bean reader and class
 * definitions, classes, records, superclasses, hidden (shadowed) fields, collections, maps, arrays, back references
 * and fields migrating between {@code Date} and java.time. The corpus starts from pages of {@link HostileDtos}, the
 * inline golden vectors' beans ({@link InlineShapes}), the sample DTOs and {@link FuzzDtos}' migrating versions.
 *
 * <p>An input is one byte that picks the read (modulo {@link #TYPED}'s length: untyped, or typed as one of the DTO
 * classes, as a method's declared parameter), then the message. Asserted: every property of {@link FuzzChecks}.
 */
class StrictBeanPagesFuzzTest {
    static final Class<?>[] TYPED = {null, HostileDtos.Page.class, HostileDtos.Timed.class, HostileDtos.Event.class,
        InlineShapes.Shadow.class, InlineShapes.Event.class, io.github.hessiantime.model.Page.class,
        FuzzDtos.TimeAt.class, Object[].class, java.util.List.class, java.util.Map.class};

    @FuzzTest(maxDuration = "15m")
    void pagesOfBeansUnderStrict(byte[] input) {
        if (input.length < 1) {
            return;
        }
        Class<?> typed = TYPED[(input[0] & 0xff) % TYPED.length];
        FuzzChecks.readAndCheck(Arrays.copyOfRange(input, 1, input.length), typed);
    }
}

package io.github.hessiantime.payload;

import io.github.hessiantime.TimeDecodingException;

import java.time.Instant;

/** Instant: seconds and nanos since the epoch as an {@code EpochPayload}, so a millisecond value is 6 bytes. */
public final class InstantCodec extends PayloadCodec<Instant> {
    public InstantCodec() {
        super(Instant.class, EpochPayload.MAX_LENGTH);
    }

    @Override
    public int encode(Instant value, byte[] buffer) {
        return EpochPayload.write(buffer, 0, value.getEpochSecond(), value.getNano());
    }

    @Override
    public Instant decode(PayloadReader payload) throws TimeDecodingException {
        return EpochPayload.read(payload, Instant::ofEpochSecond);
    }
}

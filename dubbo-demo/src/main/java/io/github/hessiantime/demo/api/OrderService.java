package io.github.hessiantime.demo.api;

import io.github.hessiantime.model.DateRow;
import io.github.hessiantime.model.LocalDateTimeRow;
import io.github.hessiantime.model.Page;

/** The demo service: orders whose fields are dates and times of every common kind. */
public interface OrderService {

    /** Stores {@code order} and returns the stored copy. */
    Order place(Order order);

    /** A page of rows of Dates: returns the provider's copy (the bytes table's Date-DTO). */
    Page<DateRow> echoDates(Page<DateRow> page);

    /** The same page with {@code LocalDateTime}s (the bytes table's LocalDateTime-DTO). */
    Page<LocalDateTimeRow> echoLocalDateTimes(Page<LocalDateTimeRow> page);
}

cmake_minimum_required(VERSION 3.25)
# Who may use whom: the one statement of it. Every other text points here.
# Each project folder is one CMake library (drawproxy_<folder>). For each folder, layer() says
#   USES      the project folders its files may include and its library may link,
#   EXTERNAL  the third-party libraries its files may include;
# and pure folders do no I/O: no files, streams, processes, signals or threads; game/ and
# tournament/ print nothing and write no file stream of their own (output/ does).
# The test fails on any #include "folder/..." or <library/...>, and any drawproxy_<folder> in a
# target_link_libraries() line, against this table.
# Run as: cmake -DROOT=<source dir> -P check_layering.cmake   (a CTest test; see tests/)

function(layer folder)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "USES;EXTERNAL")
  set(uses_${folder} "${arg_USES}" PARENT_SCOPE)
  set(external_${folder} "${arg_EXTERNAL}" PARENT_SCOPE)
endfunction()

layer(rules      USES                                                  EXTERNAL fmt toml++)
layer(uci        USES rules                                            EXTERNAL fmt)
layer(cecp       USES rules uci                                        EXTERNAL fmt)
layer(html       USES rules                                            EXTERNAL fmt)
layer(stats      USES rules                                           )
layer(engine     USES                                                  EXTERNAL boost fmt)
layer(proxy      USES rules uci cecp engine                            EXTERNAL boost fmt)
layer(game       USES rules uci cecp engine proxy                      EXTERNAL boost fmt tbprobe.h)
layer(output     USES rules uci game stats html                        EXTERNAL boost fmt nlohmann)
layer(journal    USES rules game output                                EXTERNAL fmt nlohmann)
layer(tournament USES rules uci engine proxy game stats output journal EXTERNAL boost fmt nlohmann)
layer(merge      USES rules stats output                               EXTERNAL fmt nlohmann)
layer(audit      USES rules html                                       EXTERNAL fmt nlohmann)
layer(check      USES rules uci engine proxy                           EXTERNAL boost fmt nlohmann)
set(pure_folders rules uci cecp html stats)
# Only output/ writes a match's files and lines: these folders say what happened and hand it to
# output/'s sinks (output/sink.h), its Console and notice() (output/console.h).
set(silent_folders game tournament)
# app/ builds the executable from all of the above, with CLI11 for its command lines.

set(checked_folders rules uci cecp html stats engine proxy game output journal tournament merge audit check)
set(project_folders ${checked_folders} app)
set(third_party boost fmt nlohmann toml++ CLI tbprobe.h catch2)
# The calls that write a file or a line; the text before the name may not be a name's part (so
# snprintf and boost::asio::write pass).
set(write_calls "(^|[^A-Za-z0-9_])(std::)?(fprintf|fputs|fputc|fwrite|printf|puts|putchar|fmt::print)\\("
                "(^|[^A-Za-z0-9_:])::write\\("
                "std::(cout|cerr|clog|ofstream|fstream)([^A-Za-z0-9_]|$)")
# The standard and system headers that reach outside the process.
set(io_headers cstdio iostream fstream filesystem csignal signal.h thread unistd.h fcntl.h sys)

set(violations "")
macro(violation folder src text)
  file(RELATIVE_PATH rel ${ROOT} ${src})
  list(APPEND violations "${rel}: ${folder}/ ${text}")
endmacro()

foreach(folder ${checked_folders})
  file(GLOB_RECURSE sources ${ROOT}/${folder}/*.h ${ROOT}/${folder}/*.cpp)
  foreach(src ${sources})
    file(STRINGS ${src} quoted REGEX "^#include \"[a-z_]+/")
    foreach(line ${quoted})
      string(REGEX REPLACE "^#include \"([a-z_]+)/.*" "\\1" used "${line}")
      if(used IN_LIST project_folders AND NOT used STREQUAL folder AND NOT used IN_LIST uses_${folder})
        violation(${folder} ${src} "may not use ${used}/ (${line})")
      endif()
    endforeach()
    file(STRINGS ${src} angled REGEX "^#include <[^>]+>")
    foreach(line ${angled})
      string(REGEX REPLACE "^#include <([^/>]+).*" "\\1" root "${line}")
      if(root IN_LIST third_party AND NOT root IN_LIST external_${folder})
        violation(${folder} ${src} "may not use the library ${root} (${line})")
      endif()
      if(folder IN_LIST pure_folders AND root IN_LIST io_headers)
        violation(${folder} ${src} "is pure code, without I/O (${line})")
      endif()
    endforeach()
    if(folder IN_LIST silent_folders)
      foreach(call ${write_calls})
        file(STRINGS ${src} written REGEX "${call}")
        foreach(line ${written})
          string(REGEX MATCH "${call}" what "${line}")
          string(REGEX REPLACE "^[^A-Za-z:]" "" what "${what}")
          violation(${folder} ${src} "writes output itself: only output/ writes files and lines (${what}...)")
        endforeach()
      endforeach()
    endif()
  endforeach()
  # The links say the same as the includes.
  set(cmake_text "")
  if(EXISTS ${ROOT}/${folder}/CMakeLists.txt)
    file(READ ${ROOT}/${folder}/CMakeLists.txt cmake_text)
  endif()
  string(REGEX MATCHALL "target_link_libraries\\([^)]*\\)" link_calls "${cmake_text}")
  foreach(call ${link_calls})
    string(REGEX MATCHALL "drawproxy_[a-z_]+" linked "${call}")
    foreach(lib ${linked})
      string(REPLACE "drawproxy_" "" used ${lib})
      if(used IN_LIST project_folders AND NOT used STREQUAL folder AND NOT used IN_LIST uses_${folder})
        violation(${folder} ${ROOT}/${folder}/CMakeLists.txt "may not link ${lib}")
      endif()
    endforeach()
  endforeach()
endforeach()
if(violations)
  list(JOIN violations "\n" text)
  message(FATAL_ERROR "layering violations (cmake/check_layering.cmake states who may use whom):\n${text}")
endif()
message(STATUS "layering: every include and every link follows cmake/check_layering.cmake")
